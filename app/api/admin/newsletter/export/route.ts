// GET /api/admin/newsletter/export – the newsletter subscribers as CSV (staff), optionally of one `status`.
import { checkStaff } from '@/lib/auth';
import { exportSubscribersCsv } from '@/lib/back-office/handlers';

/**
 * Query: `status` (pending, active, unsubscribed). 401 signed out, 403 without a back-office role, 503 the role
 * check failed, 422 an invalid status; else a `private, no-store` CSV attachment with formula-safe cells. The
 * export is recorded in the audit trail.
 */
export async function GET(request: Request): Promise<Response> {
  return exportSubscribersCsv(await checkStaff(), new URL(request.url).searchParams);
}
