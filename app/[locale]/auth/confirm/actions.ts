'use server';

import { z } from 'zod';

import { redirect } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';
import { getAuth } from '@/lib/auth';
import { confirmTarget, withNext } from '@/lib/auth/return-path';

/** What the Continue button of /auth/confirm posts: the link's own parameters, unchanged. */
const linkForm = z.object({
  token_hash: z.string().min(1).max(256),
  type: z.enum(['signup', 'email', 'recovery']),
  next: z.string().max(2048).optional(),
  locale: z.enum(routing.locales).catch(routing.defaultLocale),
});

/**
 * The Continue button of /auth/confirm: only here is the emailed one-time link spent (`confirmEmail`: local token
 * or Supabase `verifyOtp`), which signs the person in. Then a redirect (303, a relative Location) as
 * `confirmTarget` says: `/login?confirmed=1`, `/login?mode=reset` (a recovery link, or a confirmation whose link
 * carried no password: the person chooses one), or `/login?error=link` for a bad, used or expired link and for
 * a malformed post. A safe `next` rides along.
 */
export async function confirmEmailLinkAction(formData: FormData): Promise<void> {
  const parsed = linkForm.safeParse({
    token_hash: formData.get('token_hash'),
    type: formData.get('type'),
    next: formData.get('next') ?? undefined,
    locale: formData.get('locale'),
  });
  if (!parsed.success) {
    const locale = z.enum(routing.locales).catch(routing.defaultLocale).parse(formData.get('locale'));
    redirect({ href: '/login?error=link', locale });
    return;
  }
  const { token_hash: tokenHash, type, next, locale } = parsed.data;
  const result = await (await getAuth()).confirmEmail({ tokenHash, type });
  const target =
    result.ok && result.data.passwordNeeded
      ? withNext('/login?mode=reset', next)
      : confirmTarget(type, result.ok, next);
  redirect({ href: target, locale });
}
