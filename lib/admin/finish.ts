import 'server-only';

import { forbidden } from 'next/navigation';

import { redirect } from '@/i18n/navigation';
import { type Locale, toLocale } from '@/i18n/routing';

import type { AdminOutcome } from './result';

/** The `locale` field of a back-office form, narrowed to a site locale ('en' when missing or unknown). */
export function formLocale(value: FormDataEntryValue | null): Locale {
  return toLocale(value);
}

/**
 * Ends a back-office server action (post/redirect/get): signed out → the sign-in page with `next` = `path`; not
 * allowed → Next's 403 (`forbidden()`); otherwise back to `path` with `?done=<code>` or `?error=<code>`, which the
 * page shows as a notice (AdminNotice). Never returns.
 */
export function finishAdminAction(
  outcome: AdminOutcome,
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
