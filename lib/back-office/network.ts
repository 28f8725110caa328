import 'server-only';

import { z } from 'zod';

import {
  BACK_OFFICE_ROW_LIMIT,
  getDb,
  listVolunteers,
  setVolunteerStatus as setStatusRow,
  volunteerFacets,
} from '@/lib/db';

import { csvResponse, toCsv } from './csv';
import type { VolunteerFilterInput } from './filters';
import { type Actor, type BackOfficeDeps, audit, notFound, staffOp } from './op';
import { VOLUNTEER_STATUSES } from './shared';

/**
 * Network registrations (issue 17 item 3): the list's read for /admin/network, the status operation and the
 * CSV export. Re-exported by lib/back-office/index.ts, ops.ts and exports.ts.
 */

/** The registrations matching `filter` (at most BACK_OFFICE_ROW_LIMIT) and the filter's choices. */
export async function networkPage(filter: VolunteerFilterInput) {
  const db = await getDb();
  const [rows, facets] = await Promise.all([listVolunteers(db, filter), volunteerFacets(db)]);
  return { rows, facets, capped: rows.length >= BACK_OFFICE_ROW_LIMIT, limit: BACK_OFFICE_ROW_LIMIT };
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

export const VOLUNTEER_CSV_HEADER = [
  'id',
  'registered_at',
  'status',
  'name',
  'email',
  'phone',
  'membership_type',
  'organization_name',
  'interests',
  'availability',
  'experience_level',
  'skills',
  'country',
  'city',
  'locale',
] as const;

/** The network registrations matching `filter` as a CSV download, recorded in the audit trail. */
export async function exportVolunteersCsv(
  filter: VolunteerFilterInput,
  user: Actor,
  deps: BackOfficeDeps = {},
): Promise<Response> {
  const db = deps.db ?? (await getDb());
  const rows = await listVolunteers(db, filter);
  await audit(db, user, 'network.export', null, { filter, rows: rows.length });
  const csv = toCsv(
    VOLUNTEER_CSV_HEADER,
    rows.map((v) => [
      v.id,
      v.createdAt,
      v.status,
      v.name,
      v.email,
      v.phone,
      v.membershipType,
      v.organizationName,
      v.interests,
      v.availability,
      v.experienceLevel,
      v.skills,
      v.country,
      v.location,
      v.locale,
    ]),
  );
  return csvResponse('network-registrations', csv);
}
