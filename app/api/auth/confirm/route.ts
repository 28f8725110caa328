import { z } from 'zod';

import { localizeHref } from '@/i18n/client-paths';
import { routing } from '@/i18n/routing';
import { getAuth } from '@/lib/auth';
import { confirmTarget, withNext } from '@/lib/auth/return-path';
import { route } from '@/lib/safe-action';

export const dynamic = 'force-dynamic';

/** What the button of /auth/confirm posts: the emailed link's own parameters, unchanged. */
const linkForm = z.object({
  token_hash: z.string().min(1).max(256),
  type: z.enum(['signup', 'email', 'recovery']),
  next: z.string().max(2048).optional(),
  locale: z.enum(routing.locales).catch(routing.defaultLocale),
});

const localeOnly = z.object({ locale: z.enum(routing.locales).catch(routing.defaultLocale) });

/** A 303 to a site path in `locale`, relative: the request's URL carries the bind address, not the public host. */
function seeOther(locale: string, target: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: localizeHref(locale as (typeof routing.locales)[number], target) },
  });
}

/**
 * `POST /api/auth/confirm` (form fields `token_hash`, `type`, `next`, `locale`): the button of the /auth/confirm
 * page, the only place an emailed one-time link is spent (`confirmEmail`: local token or Supabase `verifyOtp`),
 * which signs the person in. A plain form post, so the browser then loads the next page whole, with the new
 * session in its header. Under /api/, so the proxy refuses it cross-site. Answers 303 (relative `Location`, never
 * cached) as `confirmTarget` says: `/login?confirmed=1`; `/login?mode=reset` for a recovery link or a confirmation
 * whose link carried no password (the person chooses one); `/login?error=link` for a bad, used or expired link and
 * for malformed input. A safe `next` rides along.
 */
export const POST = route(async (request) => {
  let fields: Record<string, unknown> = {};
  try {
    fields = Object.fromEntries((await request.formData()).entries());
  } catch {
    // Not a form: refused below like any malformed input.
  }
  const parsed = linkForm.safeParse(fields);
  if (!parsed.success) return seeOther(localeOnly.parse(fields).locale, '/login?error=link');
  const { token_hash: tokenHash, type, next, locale } = parsed.data;
  const result = await (await getAuth()).confirmEmail({ tokenHash, type });
  const target =
    result.ok && result.data.passwordNeeded
      ? withNext('/login?mode=reset', next)
      : confirmTarget(type, result.ok, next);
  return seeOther(locale, target);
});
