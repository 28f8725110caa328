// GET/POST /api/admin/enquiries/export – the inbox as CSV (staff): the list's filters (GET) or a selection (POST).
import { toLocale } from '@/i18n/routing';
import { exportInboxCsv, parseInboxFilters, queryRecord, selectionIds } from '@/lib/back-office/exports';
import { formRecord } from '@/lib/forms/fields';
import { route } from '@/lib/safe-action';

/**
 * GET with the inbox page's query (`q`, `status`, `from`, `to`, `assignee`, `unread`, `locale`): every matching
 * enquiry, no cap; a filter that is not understood, or a search over 200 characters, answers 422 (the page's own
 * export link carries only understood filters). POST from the inbox's bulk form ("Download the selected"): its
 * `ids` (1 to 100 enquiry ids) and `locale`; 422 otherwise. 401 signed out, 403 without a back-office role, 503
 * the role check failed; else a `private, no-store` CSV attachment with human headers in `locale`, formula-safe
 * cells, UK times (lib/back-office/csv.ts). The export is recorded in the audit trail.
 */
export const GET = route(
  async (request, { user }) => {
    const query = queryRecord(new URL(request.url).searchParams);
    const parsed = parseInboxFilters(query, { userId: user.id });
    if (parsed.ignored.length) return Response.json({ error: 'invalid' }, { status: 422 });
    const { q, status, from, to, unread, assignedTo } = parsed.query;
    return exportInboxCsv(
      { filter: { q, status, from, to, unread, assignedTo } },
      user,
      toLocale(query.locale ?? null),
    );
  },
  { guard: 'staff' },
);

export const POST = route(
  async (request, { user }) => {
    const type = request.headers.get('content-type') ?? '';
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type))
      return Response.json({ error: 'invalid' }, { status: 415 });
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return Response.json({ error: 'invalid' }, { status: 422 });
    }
    const record = formRecord(form) ?? {};
    const ids = selectionIds.safeParse(record.ids);
    if (!ids.success) return Response.json({ error: 'invalid' }, { status: 422 });
    const locale = typeof record.locale === 'string' ? record.locale : null;
    return exportInboxCsv({ ids: ids.data }, user, toLocale(locale));
  },
  { guard: 'staff' },
);
