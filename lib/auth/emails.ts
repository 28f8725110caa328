import { localizeHref } from '@/i18n/client-paths';
import { isLocale, routing } from '@/i18n/routing';
import type { EmailMessage } from '@/lib/mailing';
import { safeReturnTarget } from '@/lib/redirects';

/**
 * The local accounts' emails (pure). Links have Supabase's shape, `/auth/confirm?token_hash=…&type=…`, so one
 * route serves both adapters; `locale` rides along so the pages after the link speak the person's language, and
 * `next` (a sanitised site path) so the person ends up where they were going. The texts are the `AccountEmails`
 * messages in the person's language, given as a translator (lib/auth/delivery.ts builds it).
 */
export type AuthEmailPurpose = 'signup' | 'recovery' | 'exists' | 'password-changed';

/** Keys of the `AccountEmails` namespace. */
export type AuthEmailKey =
  | 'hello'
  | 'helloName'
  | 'signupSubject'
  | 'signupIntro'
  | 'signupExpiry'
  | 'recoverySubject'
  | 'recoveryIntro'
  | 'recoveryExpiry'
  | 'existsSubject'
  | 'existsIntro'
  | 'existsSignIn'
  | 'existsNotYou'
  | 'passwordChangedSubject'
  | 'passwordChangedIntro'
  | 'passwordChangedYou'
  | 'passwordChangedNotYou';

/** The `AccountEmails` texts in one language: a next-intl translator of that namespace (or a stand-in in tests). */
export type AuthEmailTexts = (key: AuthEmailKey, values?: Record<string, string>) => string;

/**
 * The emailed link: `{siteUrl}/auth/confirm?token_hash=…&type=…`, plus `locale` when it is a known one other
 * than English, and `next` when `safeReturnTarget` accepts it (anything else is dropped, never passed on).
 */
export function confirmLink(
  siteUrl: string,
  token: string,
  type: 'signup' | 'recovery',
  locale = 'en',
  next?: string | null,
): string {
  const url = new URL('/auth/confirm', siteUrl);
  url.searchParams.set('token_hash', token);
  url.searchParams.set('type', type);
  if (locale !== routing.defaultLocale && isLocale(locale)) url.searchParams.set('locale', locale);
  const safe = safeReturnTarget(next);
  if (safe) url.searchParams.set('next', safe);
  return url.toString();
}

/** One header-safe line: control characters and line breaks become spaces. */
function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/**
 * The message for a purpose, in the language of `t` (`locale` only localises the sign-in address of 'exists';
 * default English): 'signup' (confirm your address, link valid 24 hours), 'recovery' (reset your password, link
 * valid 1 hour), 'exists' (someone signed up with an address that already has an account; it points to
 * sign-in and password reset, and carries no link that acts) or 'password-changed' (the notice after a password
 * change, pointing to the forgot-password form in case it was not them). The subject is a single line. Pure.
 */
export function authEmail(
  purpose: AuthEmailPurpose,
  options: {
    to: string;
    siteName: string;
    siteUrl: string;
    link?: string;
    name?: string | null;
    locale?: string;
  },
  t: AuthEmailTexts,
): EmailMessage {
  const siteName = oneLine(options.siteName);
  const name = options.name ? oneLine(options.name).replace(/\s+/g, ' ').slice(0, 200) : '';
  const hello = name ? t('helloName', { name }) : t('hello');
  const locale = isLocale(options.locale) ? options.locale : routing.defaultLocale;
  const login = new URL(localizeHref(locale, '/login'), options.siteUrl).toString();
  const forgot = new URL(localizeHref(locale, '/login?mode=forgot'), options.siteUrl).toString();
  const link = options.link ?? '';
  const bodies: Record<AuthEmailPurpose, [string, string[]]> = {
    signup: [t('signupSubject', { siteName }), [t('signupIntro'), link, t('signupExpiry')]],
    recovery: [t('recoverySubject', { siteName }), [t('recoveryIntro'), link, t('recoveryExpiry')]],
    exists: [
      t('existsSubject', { siteName }),
      [t('existsIntro'), t('existsSignIn', { login }), t('existsNotYou')],
    ],
    'password-changed': [
      t('passwordChangedSubject', { siteName }),
      [
        t('passwordChangedIntro', { siteName }),
        t('passwordChangedYou'),
        t('passwordChangedNotYou', { forgot }),
      ],
    ],
  };
  const [subject, lines] = bodies[purpose];
  return {
    to: options.to,
    subject: oneLine(subject),
    text: [hello, '', ...lines.flatMap((l) => [l, '']), siteName].join('\n'),
  };
}
