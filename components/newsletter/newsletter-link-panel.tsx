import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';
import { Button } from '@/components/ui/button';
import type { Locale } from '@/i18n/routing';

/** What a newsletter link page shows: a button to act, or the result, or why the link does not work. */
export type LinkPanelState =
  | 'confirm'
  | 'confirmed'
  | 'already-active'
  | 'unsubscribe'
  | 'unsubscribed'
  | 'invalid'
  | 'expired'
  | 'error';

const TEXTS = {
  confirm: ['confirmTitle', 'confirmBody'],
  confirmed: ['confirmedTitle', 'confirmedBody'],
  'already-active': ['alreadyTitle', 'alreadyBody'],
  unsubscribe: ['unsubscribeTitle', 'unsubscribeBody'],
  unsubscribed: ['unsubscribedTitle', 'unsubscribedBody'],
  invalid: ['invalidTitle', 'invalidBody'],
  expired: ['expiredTitle', 'expiredBody'],
  error: ['errorTitle', 'errorBody'],
} as const satisfies Record<LinkPanelState, readonly [string, string]>;

/**
 * The body of /newsletter/confirm and /newsletter/unsubscribe (server component): the `NewsletterLinks` texts of
 * `state`, and for 'confirm'/'unsubscribe' a plain form posting the token to `action` (a server action: works
 * without JavaScript). `purpose` picks the links offered after a failure (sign up again, or contact us).
 */
export async function NewsletterLinkPanel({
  state,
  purpose,
  token,
  locale,
  action,
}: {
  state: LinkPanelState;
  purpose: 'confirm' | 'unsubscribe';
  token?: string;
  locale: Locale;
  /** A server action; it redirects back with `?result=…` (its refusal of malformed input never reaches this form). */
  action: (formData: FormData) => Promise<unknown>;
}) {
  const t = await getTranslations('NewsletterLinks');
  const [title, body] = TEXTS[state];
  const home = { href: '/', label: t('returnHome') };
  const failed = state === 'invalid' || state === 'expired' || state === 'error';
  const actions = !failed
    ? [home]
    : purpose === 'confirm'
      ? [{ href: '/community#newsletter', label: t('signUpAgain') }, home]
      : [{ href: '/contact', label: t('contactLink') }, home];
  const acting = (state === 'confirm' || state === 'unsubscribe') && token;
  return (
    <StatusPanel
      title={t(title)}
      body={purpose === 'unsubscribe' && failed && state !== 'error' ? t('unsubscribeInvalidBody') : t(body)}
      actions={acting ? [] : actions}
    >
      {acting ? (
        <form action={action as (formData: FormData) => Promise<void>} className="mt-8">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="locale" value={locale} />
          <Button type="submit" size="lg">
            {t(state === 'confirm' ? 'confirmButton' : 'unsubscribeButton')}
          </Button>
        </form>
      ) : null}
    </StatusPanel>
  );
}
