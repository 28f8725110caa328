import 'server-only';

import { type SQL, eq, inArray, or, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { courses, enquiries, localUsers, newsletterSubscribers, volunteers } from '../schema';
import { normaliseEmail } from './side-effects';

/**
 * The back office's person record (`/admin/people/[ref]`, lib/back-office/people.ts): a person is everything held
 * under one normalised email address. A ref names one of their rows (`<kind>-<id>`), so no address ever sits in
 * a URL; these queries resolve a ref to its address and search people by name or address across the tables.
 */

/** The kinds of row a person ref may name. */
export const PERSON_KINDS = ['enquiry', 'member', 'subscriber', 'user'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

/**
 * The normalised email address of the row a ref names: an enquiry, a network registration, a newsletter subscriber
 * or a local account; null when there is no such row. @throws on a database error.
 */
export async function findPersonEmail(db: Database, kind: PersonKind, id: string): Promise<string | null> {
  const one = async (rows: Promise<{ email: string }[]>) => {
    const [row] = await rows;
    return row ? normaliseEmail(row.email) : null;
  };
  switch (kind) {
    case 'enquiry':
      return one(db.select({ email: enquiries.email }).from(enquiries).where(eq(enquiries.id, id)).limit(1));
    case 'member':
      return one(
        db.select({ email: volunteers.email }).from(volunteers).where(eq(volunteers.id, id)).limit(1),
      );
    case 'subscriber':
      return one(
        db
          .select({ email: newsletterSubscribers.email })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, id))
          .limit(1),
      );
    case 'user':
      return one(
        db.select({ email: localUsers.email }).from(localUsers).where(eq(localUsers.id, id)).limit(1),
      );
  }
}

/** One person found by a search: a ref to open them by, a name, their address and what is held. */
export interface PersonHit {
  kind: PersonKind;
  id: string;
  email: string;
  name: string | null;
  enquiries: number;
  member: boolean;
  subscriber: boolean;
  account: boolean;
  /** The latest time any of their rows was made. */
  latest: Date;
}

/** `%`, `_` and `\` typed by a person match themselves, not as LIKE wildcards. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * People whose name or address contains `q` (any case; at most `limit`, the most recent first), across enquiries,
 * network registrations, newsletter subscribers and local accounts, one hit per normalised address. The hit's
 * ref prefers the account, then the registration, the subscription, the latest enquiry. @throws on a database
 * error.
 */
export async function searchPeople(db: Database, q: string, limit = 50): Promise<PersonHit[]> {
  const like = contains(q.trim());
  const match = (...columns: SQL[]) => or(...columns.map((c) => sql`${c} ilike ${like}`))!;
  const [enq, vol, news, users] = await Promise.all([
    db
      .select({ id: enquiries.id, email: enquiries.email, name: enquiries.name, at: enquiries.createdAt })
      .from(enquiries)
      .where(match(sql`${enquiries.name}`, sql`${enquiries.email}`))
      .orderBy(sql`${enquiries.createdAt} desc`)
      .limit(500),
    db
      .select({ id: volunteers.id, email: volunteers.email, name: volunteers.name, at: volunteers.createdAt })
      .from(volunteers)
      .where(match(sql`${volunteers.name}`, sql`${volunteers.email}`))
      .limit(500),
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        at: newsletterSubscribers.createdAt,
      })
      .from(newsletterSubscribers)
      .where(match(sql`${newsletterSubscribers.email}`))
      .limit(500),
    db
      .select({
        id: localUsers.id,
        email: localUsers.email,
        name: localUsers.fullName,
        at: localUsers.createdAt,
      })
      .from(localUsers)
      .where(match(sql`${localUsers.email}`, sql`coalesce(${localUsers.fullName}, '')`))
      .limit(500),
  ]);
  const people = new Map<string, PersonHit & { rank: number }>();
  const add = (
    kind: PersonKind,
    rank: number,
    row: { id: string; email: string; name?: string | null; at: Date },
  ) => {
    const email = normaliseEmail(row.email);
    const hit = people.get(email) ?? {
      kind,
      id: row.id,
      email,
      name: row.name ?? null,
      enquiries: 0,
      member: false,
      subscriber: false,
      account: false,
      latest: row.at,
      rank,
    };
    if (rank < hit.rank) Object.assign(hit, { kind, id: row.id, rank });
    if (!hit.name && row.name) hit.name = row.name;
    if (row.at > hit.latest) hit.latest = row.at;
    people.set(email, hit);
  };
  for (const row of users) add('user', 0, row);
  for (const row of vol) add('member', 1, row);
  for (const row of news) add('subscriber', 2, row);
  for (const row of enq) add('enquiry', 3, row);
  const hits = [...people.values()].sort((a, b) => b.latest.getTime() - a.latest.getTime()).slice(0, limit);
  // What is held for each address found, whether or not that row matched (a subscriber row has no name).
  const emails = hits.map((h) => h.email);
  if (emails.length) {
    const norm = (column: SQL) => sql`lower(btrim(${column}))`;
    const [enqCounts, volEmails, newsEmails, userEmails] = await Promise.all([
      db
        .select({ email: norm(sql`${enquiries.email}`).mapWith(String), n: sql<number>`count(*)::int` })
        .from(enquiries)
        .where(inArray(norm(sql`${enquiries.email}`), emails))
        .groupBy(norm(sql`${enquiries.email}`)),
      db
        .selectDistinct({ email: norm(sql`${volunteers.email}`).mapWith(String) })
        .from(volunteers)
        .where(inArray(norm(sql`${volunteers.email}`), emails)),
      db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .where(inArray(newsletterSubscribers.email, emails)),
      db.select({ email: localUsers.email }).from(localUsers).where(inArray(localUsers.email, emails)),
    ]);
    const counts = new Map(enqCounts.map((r) => [r.email, r.n]));
    const has = (rows: { email: string }[]) => new Set(rows.map((r) => r.email));
    const [vol2, news2, users2] = [has(volEmails), has(newsEmails), has(userEmails)];
    for (const hit of hits) {
      hit.enquiries = counts.get(hit.email) ?? 0;
      hit.member = vol2.has(hit.email);
      hit.subscriber = news2.has(hit.email);
      hit.account = users2.has(hit.email);
    }
  }
  return hits.map((hit) => {
    const { rank, ...rest } = hit;
    void rank;
    return rest;
  });
}

/** The titles of these courses, by id (a person's enrolments and progress name their course). */
export async function selectCourseTitles(db: Database, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(inArray(courses.id, unique));
  return new Map(rows.map((r) => [r.id, r.title]));
}
