// GET /api/admin/network/export – the network registrations as CSV (staff), with the list page's filters.
import { checkStaff } from '@/lib/auth';
import { exportVolunteersCsv } from '@/lib/back-office/handlers';

/**
 * Query: `country`, `interest`, `experience`, `status` (as /admin/network). 401 signed out, 403 without a
 * back-office role, 503 the role check failed, 422 an invalid filter; else a `private, no-store` CSV attachment
 * with formula-safe cells (lib/back-office/csv.ts). The export is recorded in the audit trail.
 */
export async function GET(request: Request): Promise<Response> {
  return exportVolunteersCsv(await checkStaff(), new URL(request.url).searchParams);
}
