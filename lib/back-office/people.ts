import 'server-only';

import type { PersonHit } from '@/lib/db';
import { type PersonRecord, findPeople, parsePersonRef, personRecord } from '@/lib/data-rights/person-record';
import { type DataRightsRequest, listDataRightsRequests, ukToday } from '@/lib/data-rights/requests';

/**
 * People (review §3 item 1): the person page's and the people search's reads, over lib/data-rights/person-record.ts
 * (one person is everything held under one normalised address, named in URLs by a ref, never by the address), and
 * the data-rights page's request log (lib/data-rights/requests.ts). No authorisation here: the pages call
 * `requireStaff` first (the request log: admins).
 */

/**
 * The record a ref names (`enquiry-<id>`, `member-<id>`, `subscriber-<id>`, `user-<id>`); null for a malformed
 * ref or one that names no row (the page answers 404). @throws on a database error.
 */
export async function personPage(ref: string): Promise<PersonRecord | null> {
  const parsed = parsePersonRef(ref);
  return parsed ? personRecord(parsed) : null;
}

/**
 * The people search for `q` (the page's `?q=`): null when nothing was asked (fewer than 2 characters), else the
 * people found, one per address. @throws on a database error.
 */
export async function peopleSearch(q: string | undefined): Promise<{ q: string; hits: PersonHit[] | null }> {
  const text = (q ?? '').trim().slice(0, 200);
  return { q: text, hits: text.length >= 2 ? await findPeople(text) : null };
}

/** The data-rights request log, newest first, and UK today (the form's default day). @throws on a database error. */
export async function dataRightsRequestsPage(): Promise<{ requests: DataRightsRequest[]; today: string }> {
  return { requests: await listDataRightsRequests(), today: ukToday() };
}

export type { DataRightsRequest, PersonHit, PersonRecord };
