// GET /api/admin/network/export – the network registrations as CSV (staff), with the list page's filters or a selection.
import {
  exportQuery,
  exportVolunteersCsv,
  selectionMissing,
  volunteerExportSchema,
} from '@/lib/back-office/exports';
import { route } from '@/lib/safe-action';

/**
 * Query: `q`, `country`, `interest`, `experience`, `status` (as /admin/network), or `selection=1` with the ticked
 * rows' `ids` (the list's bulk form); `locale` for the headers and labels. 401 signed out, 403 without a
 * back-office role, 503 the role check failed, 422 an invalid filter, 303 back to the list (?error=noSelection)
 * for a selection with no row; else a `private, no-store` CSV attachment `network-members-<date>.csv` with every
 * matching row (lib/back-office/network.ts). The export is recorded in the audit trail.
 */
export const GET = route(
  async (request, { user }) => {
    const input = volunteerExportSchema.safeParse(exportQuery(new URL(request.url).searchParams));
    if (!input.success) return Response.json({ error: 'invalid' }, { status: 422 });
    if (input.data.selection && !input.data.ids?.length)
      return selectionMissing(request, '/admin/network', input.data.locale);
    return exportVolunteersCsv(input.data, user);
  },
  { guard: 'staff' },
);
