'use client';

import { Check, Languages } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { DropdownMenu } from 'radix-ui';
import { useTransition } from 'react';

import { usePathname, useRouter } from '@/i18n/navigation';
import { routing, type Locale } from '@/i18n/routing';

/**
 * The language picker: an icon button opening a small menu (radix DropdownMenu: arrow keys, Esc, focus return).
 * The current language is checked; choosing another keeps the current path and query string.
 */
export function LocaleSwitcher({ align = 'end' }: { align?: 'start' | 'end' }) {
  const t = useTranslations('LocaleSwitcher');
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const [isPending, startTransition] = useTransition();

  function switchTo(next: string) {
    if (next === locale) return;
    startTransition(() => {
      router.replace(`${pathname}${window.location.search}`, { locale: next as Locale, scroll: false });
    });
  }

  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while focus can still reach it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`${t('label')}: ${t(locale as Locale)}`}
        data-testid="locale-switcher"
        disabled={isPending}
        className="inline-flex h-9 items-center gap-1 rounded-full border border-border px-2.5 text-sm font-medium text-fg hover:bg-surface-strong"
      >
        <Languages aria-hidden="true" className="size-4" />
        <span aria-hidden="true" className="uppercase">
          {locale}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={6}
          className="z-50 min-w-40 rounded-lg border border-border bg-bg p-1 text-fg shadow-lg"
        >
          <DropdownMenu.RadioGroup value={locale} onValueChange={switchTo}>
            {routing.locales.map((code) => (
              <DropdownMenu.RadioItem
                key={code}
                value={code}
                lang={code}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-surface-strong data-[state=checked]:font-semibold data-[state=checked]:text-brand"
              >
                {t(code)}
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden="true" className="size-4" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
