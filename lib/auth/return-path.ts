import { safeReturnTarget } from '@/lib/redirects/shared';

import type { EmailLinkType } from './types';

/**
 * Carrying `next` (where the person was going) through the account pages: sign-in ⇄ sign-up tabs, forgot
 * password, the emailed link and /auth/confirm (issue 7). Every step sanitises again with `safeReturnTarget`, so
 * only a same-site path without locale prefix is ever passed on. Pure; browser and server.
 */

/**
 * `href` (a site path, perhaps with a query) with `next=<path>` appended when `next` is safe; `href` unchanged
 * otherwise. `withNext('/login?confirmed=1', '/courses/x')` → `/login?confirmed=1&next=%2Fcourses%2Fx`.
 */
export function withNext(href: string, next: unknown): string {
  const safe = safeReturnTarget(next);
  if (!safe) return href;
  const cut = href.includes('#') ? href.indexOf('#') : href.length;
  const base = href.slice(0, cut);
  return `${base}${base.includes('?') ? '&' : '?'}next=${encodeURIComponent(safe)}${href.slice(cut)}`;
}

/**
 * Where /auth/confirm sends the browser (a path without locale prefix): a bad, used or expired link (`ok`
 * false, or no known type) → `/login?error=link`; a recovery link → `/login?mode=reset` (the new-password form);
 * a confirmation → `/login?confirmed=1` (the person is signed in: the page says so and offers Continue). The
 * last two keep a safe `next`.
 */
export function confirmTarget(type: EmailLinkType | null, ok: boolean, next: unknown): string {
  if (!ok || !type) return '/login?error=link';
  return withNext(type === 'recovery' ? '/login?mode=reset' : '/login?confirmed=1', next);
}
