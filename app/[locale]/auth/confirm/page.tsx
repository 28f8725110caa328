import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';
import { Button } from '@/components/ui/button';
import { redirect } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { isLocale } from '@/i18n/routing';
import type { EmailLinkType } from '@/lib/auth';
import { safeReturnTarget } from '@/lib/redirects/shared';
import { pageMetadata } from '@/lib/seo/metadata';

const TYPES: readonly EmailLinkType[] = ['signup', 'email', 'recovery'];

type ConfirmPageProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: ConfirmPageProps): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'AuthLink' });
  return pageMetadata({
    locale,
    path: '/auth/confirm',
    title: t('signupTitle'),
    description: t('signupBody'),
    noindex: true,
  });
}

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * `/auth/confirm?token_hash=…&type=signup|email|recovery[&next=…][&locale=…]`: the emailed links of both adapters
 * (local accounts and Supabase's token-hash templates, docs/ARCHITECTURE.md §2). Opening the link spends nothing,
 * since mail scanners and link previews fetch links: the page shows a button whose plain form posts the link's
 * parameters to `POST /api/auth/confirm` (app/api/auth/confirm/route.ts), which spends the token. A `locale` the local emails carry moves the page to that
 * locale first; a link without a known type or a token goes to `/login?error=link`. Rendered per request.
 */
export default async function AuthConfirmPage({ params, searchParams }: ConfirmPageProps) {
  const pathLocale = await localeParam(params);
  const query = await searchParams;
  const tokenHash = one(query.token_hash) ?? '';
  const type = one(query.type) as EmailLinkType | undefined;
  const next = safeReturnTarget(one(query.next)) ?? undefined;
  const wanted = one(query.locale);
  if (!type || !TYPES.includes(type) || !tokenHash || tokenHash.length > 256)
    redirect({ href: '/login?error=link', locale: isLocale(wanted) ? wanted : pathLocale });
  if (isLocale(wanted) && wanted !== pathLocale) {
    const moved = new URLSearchParams({ token_hash: tokenHash, type: type! });
    if (next) moved.set('next', next);
    redirect({ href: `/auth/confirm?${moved}`, locale: wanted });
  }
  const locale = pathLocale;
  const t = await getTranslations({ locale, namespace: 'AuthLink' });
  const recovery = type === 'recovery';
  return (
    <StatusPanel
      title={t(recovery ? 'recoveryTitle' : 'signupTitle')}
      body={t(recovery ? 'recoveryBody' : 'signupBody')}
      actions={[]}
    >
      <form method="post" action="/api/auth/confirm" className="mt-8">
        <input type="hidden" name="token_hash" value={tokenHash} />
        <input type="hidden" name="type" value={type} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <input type="hidden" name="locale" value={locale} />
        <Button type="submit" size="lg">
          {t(recovery ? 'recoveryButton' : 'signupButton')}
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted">{t('note')}</p>
    </StatusPanel>
  );
}
