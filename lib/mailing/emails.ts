import { localizeHref } from '@/i18n/client-paths';
import { routing, toLocale } from '@/i18n/routing';
import type { EmailMessage } from '@/lib/mailing/transport/message';

/**
 * The newsletter's own emails (pure): the double opt-in confirmation. Plain text in the site's email style
 * (greeting, short paragraphs, the link on its own line, the site name), in the subscriber's language. Every
 * newsletter email carries an unsubscribe link in its text and the RFC 8058 one-click headers.
 */

/** Keys of the `NewsletterEmails` namespace. */
export type NewsletterEmailKey =
  'hello' | 'confirmSubject' | 'confirmIntro' | 'confirmExpiry' | 'confirmNotYou' | 'unsubscribeLine';

/** The `NewsletterEmails` texts in one language: a next-intl translator of that namespace (or a stand-in). */
export type NewsletterEmailTexts = (key: NewsletterEmailKey, values?: Record<string, string>) => string;

/** Site paths of the newsletter link pages and the one-click endpoint (the proxy must let the latter through). */
export const NEWSLETTER_PATHS = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
  oneClickUnsubscribe: '/api/newsletter/unsubscribe',
} as const;

/** The absolute URL of a newsletter link page in `locale` with `?token=…`. */
export function newsletterPageUrl(
  siteUrl: string,
  page: 'confirm' | 'unsubscribe',
  locale: string | undefined,
  token: string,
): string {
  const url = new URL(localizeHref(toLocale(locale), NEWSLETTER_PATHS[page]), siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The one-click unsubscribe URL of the `List-Unsubscribe` header (RFC 8058: POST acts, GET shows the page). */
export function oneClickUnsubscribeUrl(siteUrl: string, token: string, locale?: string): string {
  const url = new URL(NEWSLETTER_PATHS.oneClickUnsubscribe, siteUrl);
  url.searchParams.set('token', token);
  const known = toLocale(locale);
  if (known !== routing.defaultLocale) url.searchParams.set('locale', known);
  return url.toString();
}

/** `List-Unsubscribe` (the one-click URL) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/**
 * The confirmation email of a signup: the confirmation link (which opens a page with a confirm button, so a mail
 * scanner fetching the link confirms nothing), how long it works, what to do if it was not them, and the
 * unsubscribe link; with the one-click unsubscribe headers. The subject is a single line. Pure.
 */
export function newsletterConfirmEmail(
  options: { to: string; siteName: string; confirmUrl: string; unsubscribeUrl: string; oneClickUrl: string },
  t: NewsletterEmailTexts,
): EmailMessage {
  const siteName = oneLine(options.siteName);
  return {
    to: options.to,
    subject: oneLine(t('confirmSubject', { siteName })),
    text: [
      t('hello'),
      '',
      t('confirmIntro', { siteName }),
      options.confirmUrl,
      '',
      t('confirmExpiry'),
      '',
      t('confirmNotYou'),
      '',
      t('unsubscribeLine'),
      options.unsubscribeUrl,
      '',
      siteName,
    ].join('\n'),
    headers: listUnsubscribeHeaders(options.oneClickUrl),
  };
}
