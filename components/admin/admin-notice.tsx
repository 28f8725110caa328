import { getTranslations } from 'next-intl/server';

/** Outcome codes a back-office page may be sent back with (`?done=` / `?error=`), under messages admin.results. */
export const ADMIN_RESULT_CODES = [
  'saved',
  'role-changed',
  'role-unchanged',
  'reply-queued',
  'note-added',
  'invalid',
  'no-such-user',
  'last-admin',
  'wrong-password',
  'rate-limited',
  'email-not-confirmed',
  'not-found',
  'check-failed',
  'error',
] as const;
type ResultCode = (typeof ADMIN_RESULT_CODES)[number];

const isCode = (value: unknown): value is ResultCode =>
  typeof value === 'string' && (ADMIN_RESULT_CODES as readonly string[]).includes(value);

/**
 * The notice after a back-office action (post/redirect/get, lib/admin/finish.ts): a success as a polite status,
 * a failure as an alert. Unknown codes (a hand-edited address) show nothing.
 */
export async function AdminNotice({ done, error }: { done?: unknown; error?: unknown }) {
  const t = await getTranslations('admin.results');
  if (isCode(error)) {
    return (
      <p role="alert" className="rounded-md border border-danger px-4 py-3 font-medium text-danger">
        {t(error)}
      </p>
    );
  }
  if (isCode(done)) {
    return (
      <p role="status" className="rounded-md border border-success px-4 py-3 font-medium text-success">
        {t(done)}
      </p>
    );
  }
  return null;
}
