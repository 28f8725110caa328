// GET /api/admin/network/export – the network registrations as CSV (staff), with the list page's filters.
import { exportVolunteersCsv, queryRecord, volunteerFilterSchema } from '@/lib/back-office/exports';
import { route } from '@/lib/safe-action';

/**
 * Query: `country`, `interest`, `experience`, `status` (as /admin/network). 401 signed out, 403 without a
 * back-office role, 503 the role check failed, 422 an invalid filter; else a `private, no-store` CSV attachment
 * with formula-safe cells (lib/back-office/csv.ts). The export is recorded in the audit trail.
 */
export const GET = route(
  async (request, { user }) => {
    const filter = volunteerFilterSchema.safeParse(queryRecord(new URL(request.url).searchParams));
    if (!filter.success) return Response.json({ error: 'invalid' }, { status: 422 });
    return exportVolunteersCsv(filter.data, user);
  },
  { guard: 'staff' },
);
