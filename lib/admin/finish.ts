import 'server-only';

import { forbidden } from 'next/navigation';

import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { ActionResult } from '@/lib/action-result';


/**
 * Ends a back-office server action (post/redirect/get): signed out → the sign-in page with `next` = `path`; not
 * allowed → Next's 403 (`forbidden()`); otherwise back to `path` with `?done=<code>` or `?error=<code>`, which the
 * page shows as a notice (AdminNotice). Never returns.
 */
export function finishAdminAction(
  outcome: ActionResult<{ code: string }, string>,
  { locale, path }: { locale: Locale; path: string },
): never {
  if (!outcome.ok && outcome.status === 401) {
    redirect({ href: `/login?next=${encodeURIComponent(path)}`, locale });
  }
  if (!outcome.ok && outcome.status === 403) forbidden();
  const join = path.includes('?') ? '&' : '?';
  redirect({
    href: `${path}${join}${outcome.ok ? 'done' : 'error'}=${encodeURIComponent(outcome.ok ? outcome.data.code : outcome.error)}`,
    locale,
  });
}
