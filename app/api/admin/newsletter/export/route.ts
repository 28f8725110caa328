// GET /api/admin/newsletter/export – the newsletter subscribers as CSV (staff), optionally of one `status`.
import { exportSubscribersCsv, queryRecord, subscriberFilterSchema } from '@/lib/back-office/exports';
import { route } from '@/lib/safe-action';

/**
 * Query: `status` (pending, active, unsubscribed). 401 signed out, 403 without a back-office role, 503 the role
 * check failed, 422 an invalid status; else a `private, no-store` CSV attachment with formula-safe cells. The
 * export is recorded in the audit trail.
 */
export const GET = route(
  async (request, { user }) => {
    const filter = subscriberFilterSchema.safeParse(queryRecord(new URL(request.url).searchParams));
    if (!filter.success) return Response.json({ error: 'invalid' }, { status: 422 });
    return exportSubscribersCsv(filter.data, user);
  },
  { guard: 'staff' },
);
