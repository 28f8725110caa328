import type { EmailMessage } from '@/lib/email/message';

/**
 * The local accounts' emails (pure). Links have Supabase's shape, `/auth/confirm?token_hash=…&type=…`, so one
 * route serves both adapters; `locale` rides along so the pages after the link speak the person's language.
 * English text: the charity's team reads and answers in English (messages for other locales are a follow-up).
 */
export type AuthEmailPurpose = 'signup' | 'recovery' | 'exists';

export function confirmLink(
  siteUrl: string,
  token: string,
  type: 'signup' | 'recovery',
  locale = 'en',
): string {
  const url = new URL('/auth/confirm', siteUrl);
  url.searchParams.set('token_hash', token);
  url.searchParams.set('type', type);
  if (locale !== 'en') url.searchParams.set('locale', locale);
  return url.toString();
}

/**
 * The message for a purpose: 'signup' (confirm your address, link valid 24 hours), 'recovery' (reset your
 * password, link valid 1 hour) or 'exists' (someone signed up with an address that already has an account; it
 * points to sign-in and password reset, and carries no link that acts).
 */
export function authEmail(
  purpose: AuthEmailPurpose,
  options: { to: string; siteName: string; siteUrl: string; link?: string; name?: string | null },
): EmailMessage {
  const hello = options.name ? `Hello ${options.name.replace(/[\r\n]+/g, ' ').slice(0, 200)},` : 'Hello,';
  const login = new URL('/login', options.siteUrl).toString();
  const bodies: Record<AuthEmailPurpose, [string, string[]]> = {
    signup: [
      `Confirm your email address for ${options.siteName}`,
      [
        'Thank you for creating an account. Please confirm your email address by opening this link:',
        options.link ?? '',
        'The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
      ],
    ],
    recovery: [
      `Reset your ${options.siteName} password`,
      [
        'We received a request to reset your password. Open this link to choose a new one:',
        options.link ?? '',
        'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email.',
      ],
    ],
    exists: [
      `Your ${options.siteName} account`,
      [
        'Someone tried to create an account with this email address, but it already has one.',
        `If it was you, sign in at ${login} (use "Forgot password?" there if you need a new password).`,
        'If it was not you, you can ignore this email: nothing has changed.',
      ],
    ],
  };
  const [subject, lines] = bodies[purpose];
  return {
    to: options.to,
    subject,
    text: [hello, '', ...lines.flatMap((l) => [l, '']), options.siteName].join('\n'),
  };
}
