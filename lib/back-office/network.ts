import 'server-only';

import { z } from 'zod';

import { namespaceTranslator } from '@/i18n/messages';
import { localizedPath } from '@/i18n/paths';
import { toLocale } from '@/i18n/routing';
import {
  countVolunteers,
  getDb,
  listVolunteers,
  setVolunteerStatus as setStatusRow,
  setVolunteerStatuses as setStatusRows,
  volunteerFacets,
  volunteerPages,
} from '@/lib/db';

import { csvResponse, csvStream, timeHeader } from './csv';
import type { VolunteerExportInput, VolunteerFilterInput } from './filters';
import { getLabels, labelList } from './labels';
import { type Actor, type BackOfficeDeps, audit, notFound, staffOp } from './op';
import { LIST_PAGE_SIZE, SELECTION_MAX, VOLUNTEER_STATUSES } from './shared';

/**
 * Network registrations (issue 17 item 3; back-office review §3 and D13): the list's read for /admin/network (a
 * page of LIST_PAGE_SIZE rows, the total and the filters' choices), the status operations (one row, or a
 * selection) and the CSV export (every matching row, or a selection, with the admin's language's headers and
 * labels, times in UK time). Re-exported by lib/back-office/index.ts, ops.ts and exports.ts.
 */

/** One page (`filter.page`, from 1) of the registrations matching `filter`, their total and the filters' choices. */
export async function networkPage(filter: VolunteerFilterInput) {
  const db = await getDb();
  const page = filter.page ?? 1;
  const query = { ...filter, page: undefined };
  const [rows, total, facets] = await Promise.all([
    listVolunteers(db, { ...query, limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
    countVolunteers(db, query),
    volunteerFacets(db),
  ]);
  return { rows, total, page, pageSize: LIST_PAGE_SIZE, facets };
}

/** Sets a registration's status (new, welcomed, active, left). @returns the id and status, or 404. */
export const setVolunteerStatus = staffOp(
  z.object({ id: z.uuid(), status: z.enum(VOLUNTEER_STATUSES) }),
  async ({ id, status }, user, deps) => {
    const row = await (deps.db ?? (await getDb())).transaction(async (tx) => {
      const updated = await setStatusRow(tx, id, status);
      if (updated) await audit(tx, user, 'network.status', updated.id, { status: updated.status });
      return updated;
    });
    return row ? { id: row.id, status: row.status } : notFound;
  },
);

/** A selection of rows from the list's checkboxes (`ids`, sent once or several times). */
export const selectionIds = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z.array(z.uuid()).min(1).max(SELECTION_MAX),
);

/**
 * Sets the status of a selection of registrations (the list's bulk action), in one transaction with one audit
 * entry per row changed. Rows already in that status and unknown ids are skipped. @returns how many changed.
 */
export const setVolunteerStatuses = staffOp(
  // `to`, not `status`: the bulk form also serves the selection download, whose query must not filter by it.
  z.object({ ids: selectionIds, to: z.enum(VOLUNTEER_STATUSES) }),
  async ({ ids, to }, user, deps) => {
    const changed = await (deps.db ?? (await getDb())).transaction(async (tx) => {
      const rows = await setStatusRows(tx, ids, to);
      for (const row of rows)
        await audit(tx, user, 'network.status', row.id, { status: row.status, bulk: true });
      return rows.length;
    });
    return { changed };
  },
);

/**
 * The registrations matching `input` (its filters, or its `ids` selection) as a CSV download named
 * `network-members[-selection]-<date>.csv`: headers and labels (statuses, membership, interests, availability,
 * experience, countries, languages) in `input.locale`, times in UK time, every row (read page after page: no cap).
 * The audit entry (the filter and the row count) is written before the first row.
 */
export async function exportVolunteersCsv(
  input: VolunteerExportInput,
  user: Actor,
  deps: BackOfficeDeps = {},
): Promise<Response> {
  const db = deps.db ?? (await getDb());
  const [label, h] = await Promise.all([
    getLabels(input.locale),
    namespaceTranslator(input.locale, 'BackOffice.csv.network'),
  ]);
  const zone = (await namespaceTranslator(input.locale, 'BackOffice.csv'))('ukTime');
  const { q, country, interest, experience, status, ids } = input;
  const filter = { q, country, interest, experience, status, ids };
  // Recorded before the first row leaves, so an export cut short is in the audit trail too.
  await audit(db, user, 'network.export', null, { filter, rows: await countVolunteers(db, filter) });
  const header = [
    timeHeader(h('registered'), zone),
    h('status'),
    h('name'),
    h('email'),
    h('phone'),
    h('membership'),
    h('organisation'),
    h('interests'),
    h('availability'),
    h('experience'),
    h('skills'),
    h('country'),
    h('city'),
    h('language'),
    h('reference'),
  ];
  async function* rows() {
    for await (const page of volunteerPages(db, filter))
      yield page.map((v) => [
        v.createdAt,
        label('volunteerStatus', v.status),
        v.name,
        v.email,
        v.phone,
        label('membership', v.membershipType),
        v.organizationName,
        labelList(label, 'interest', v.interests),
        labelList(label, 'availability', v.availability),
        label('experience', v.experienceLevel),
        v.skills,
        label('country', v.country),
        v.location,
        label('locale', v.locale),
        v.id,
      ]);
  }
  return csvResponse(ids ? 'network-members-selection' : 'network-members', csvStream(header, rows()));
}

/**
 * The answer to a selection export sent with no row ticked (the bulk form's download button): back to the list
 * `path`, in `locale`, with ?error=noSelection (303, so the browser GETs the page).
 */
export function selectionMissing(
  request: Request,
  path: '/admin/network' | '/admin/newsletter',
  locale: string | undefined,
): Response {
  return Response.redirect(
    new URL(`${localizedPath(toLocale(locale), path)}?error=noSelection`, request.url),
    303,
  );
}
