// GET /api/admin/newsletter/export – the newsletter subscribers as CSV (staff), with the list's filters or a selection.
import {
  exportQuery,
  exportSubscribersCsv,
  selectionMissing,
  subscriberExportSchema,
} from '@/lib/back-office/exports';
import { route } from '@/lib/safe-action';

/**
 * Query: `q`, `status` (pending, active, unsubscribed), or `selection=1` with the ticked rows' `ids`; `locale` for
 * the headers and labels. 401 signed out, 403 without a back-office role, 503 the role check failed, 422 an
 * invalid filter, 303 back to the list (?error=noSelection) for a selection with no row; else a
 * `private, no-store` CSV attachment `newsletter-subscribers-<date>.csv` with every matching row. The export is
 * recorded in the audit trail.
 */
export const GET = route(
  async (request, { user }) => {
    const input = subscriberExportSchema.safeParse(exportQuery(new URL(request.url).searchParams));
    if (!input.success) return Response.json({ error: 'invalid' }, { status: 422 });
    if (input.data.selection && !input.data.ids?.length)
      return selectionMissing(request, '/admin/newsletter', input.data.locale);
    return exportSubscribersCsv(input.data, user);
  },
  { guard: 'staff' },
);
