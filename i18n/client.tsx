'use client';

import NextLink from 'next/link';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { createContext, forwardRef, useContext, useMemo, type ComponentProps, type ReactNode } from 'react';

import type { Messages } from './messages';
import { localizeHref } from './client-paths';
import { splitLocale } from './paths';
import { routing, type Locale } from './routing';

/**
 * The browser side of i18n, without next-intl's client runtime. next-intl's provider always bundles the ICU
 * message-format parser (about 11 KB compressed) into every page, while our client strings are plain text with
 * `{name}` placeholders (tests/unit/messages.test.ts keeps them so). This module gives client components the
 * locale, their strings, and locale-aware Link / usePathname / useRouter with the same behaviour as next-intl's
 * `as-needed` prefixing (English unprefixed).
 */

type ClientIntl = { locale: Locale; messages: Messages };
const ClientIntlContext = createContext<ClientIntl>({ locale: routing.defaultLocale, messages: {} });

/**
 * Gives client components their locale and strings. Nested providers add to the outer one's namespaces (see
 * `ScopedClientMessages`), so a page can send the strings only its own islands need.
 */
export function ClientIntlProvider({ locale, messages, children }: ClientIntl & { children: ReactNode }) {
  const outer = useContext(ClientIntlContext).messages;
  const value = useMemo(() => ({ locale, messages: { ...outer, ...messages } }), [locale, outer, messages]);
  return <ClientIntlContext.Provider value={value}>{children}</ClientIntlContext.Provider>;
}

/** The page's locale. */
export function useLocale(): Locale {
  return useContext(ClientIntlContext).locale;
}

/** The raw client messages (the namespaces the layout passed down). */
export function useClientMessageTable(): Messages {
  return useContext(ClientIntlContext).messages;
}

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string; locale?: Locale };

/** next/link with the locale prefix added to site paths (the current locale unless `locale` is given). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ href, locale, ...props }, ref) {
  const current = useLocale();
  const target = locale ?? current;
  return (
    <NextLink
      ref={ref}
      href={localizeHref(target, href)}
      hrefLang={target !== current ? target : undefined}
      {...props}
    />
  );
});

/** The current path without its locale prefix (`/es/blog` → `/blog`). */
export function usePathname(): string {
  return splitLocale(useNextPathname() ?? '/').path;
}

/** Router whose push/replace take locale-less paths and an optional target locale. */
export function useRouter() {
  const router = useNextRouter();
  const current = useLocale();
  return useMemo(
    () => ({
      push: (href: string, options?: { locale?: Locale; scroll?: boolean }) =>
        router.push(localizeHref(options?.locale ?? current, href), { scroll: options?.scroll }),
      replace: (href: string, options?: { locale?: Locale; scroll?: boolean }) =>
        router.replace(localizeHref(options?.locale ?? current, href), { scroll: options?.scroll }),
      refresh: () => router.refresh(),
    }),
    [router, current],
  );
}
