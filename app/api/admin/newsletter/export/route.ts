// GET /api/admin/newsletter/export – the newsletter subscribers as CSV (staff), optionally of one `status`.
import { exportSubscribersCsv } from '@/lib/back-office/handlers';
import { route } from '@/lib/safe-action';

/**
 * Query: `status` (pending, active, unsubscribed). 401 signed out, 403 without a back-office role, 503 the role
 * check failed, 422 an invalid status; else a `private, no-store` CSV attachment with formula-safe cells. The
 * export is recorded in the audit trail.
 */
export const GET = route(
  (request, { user }) => exportSubscribersCsv({ ok: true, user }, new URL(request.url).searchParams),
  { guard: 'staff' },
);
