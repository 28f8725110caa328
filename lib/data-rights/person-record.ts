import 'server-only';

import { authKind } from '@/lib/auth/config';
import {
  type Database,
  PERSON_KINDS,
  type PersonHit,
  type PersonKind,
  findLocalUserId,
  findPersonEmail,
  findSupabaseUserId,
  getDb,
  searchPeople,
  selectCourseTitles,
  selectPersonalData,
} from '@/lib/db';
import type { EnquiryStatus, OutboxItem } from '@/lib/db/schema';

/**
 * One record per person (review §3 item 1): everything the site holds under one normalised email address, for the
 * staff's person page (`/admin/people/[ref]`, lib/back-office). A ref (`<kind>-<id>`: enquiry, member, subscriber,
 * user) names one of the person's rows, so no address is ever in a URL; the record is then gathered by that row's
 * address (and the account ids known for it), the same rows the data-rights export reads
 * (lib/db/queries/personal-data.ts `selectPersonalData`). Staff see a summary, never a secret, a session or a
 * staff note; the admin's data-rights page has the complete record.
 */

/** A parsed person ref. */
export interface PersonRef {
  kind: PersonKind;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `enquiry-<uuid>` → { kind, id }; null for anything else (an unknown kind, a malformed id). Pure. */
export function parsePersonRef(ref: string): PersonRef | null {
  const text = decodeURIComponent(ref);
  const dash = text.indexOf('-');
  if (dash < 0) return null;
  const kind = text.slice(0, dash);
  const id = text.slice(dash + 1);
  if (!(PERSON_KINDS as readonly string[]).includes(kind) || !UUID.test(id)) return null;
  return { kind: kind as PersonKind, id: id.toLowerCase() };
}

/** What the person page shows. Times are Dates; codes (statuses, kinds) are stored values for the page to label. */
export interface PersonRecord {
  email: string;
  /** The first name found (account, registration, latest enquiry). */
  name: string | null;
  enquiries: {
    id: string;
    status: EnquiryStatus;
    createdAt: Date;
    handledAt: Date | null;
    excerpt: string;
  }[];
  registrations: {
    id: string;
    status: string;
    membershipType: string;
    organizationName: string | null;
    country: string;
    location: string;
    phone: string;
    createdAt: Date;
    statusChangedAt: Date | null;
  }[];
  newsletter: {
    id: string;
    status: string;
    consentedAt: Date | null;
    form: string | null;
    source: string;
    locale: string;
    createdAt: Date;
    updatedAt: Date;
  } | null;
  accounts: { id: string; fullName: string | null; createdAt: Date; emailConfirmedAt: Date | null }[];
  /** Whether the person has an account in Supabase Auth (its id is known but its row lives there). */
  supabaseAccount: boolean;
  courses: {
    courseId: string;
    title: string;
    enrolledAt: Date;
    enrolmentStatus: string;
    progress: number | null;
  }[];
  certificates: { id: string; courseTitle: string; issuedAt: Date; revokedAt: Date | null }[];
  /** The consents held: the newsletter's (given, and withdrawn when unsubscribed), the account's confirmed address. */
  consents: { what: 'newsletter' | 'newsletter-withdrawn' | 'account-confirmed'; at: Date }[];
  sends: Pick<OutboxItem, 'id' | 'kind' | 'status' | 'attempts' | 'createdAt' | 'sentAt'>[];
}

/** The account ids of an address: the local account's and, on Supabase, auth.users'. */
async function accountIds(
  db: Database,
  email: string,
  ref: PersonRef,
): Promise<{ ids: string[]; supabase: boolean }> {
  const local = await findLocalUserId(db, email);
  let supabase: string | null = null;
  if (authKind() === 'supabase') supabase = await findSupabaseUserId(db, email).catch(() => null);
  const ids = [local, supabase, ref.kind === 'user' ? ref.id : null].filter((id): id is string =>
    Boolean(id),
  );
  return { ids: [...new Set(ids)], supabase: Boolean(supabase) };
}

/**
 * The person a ref names, gathered by their normalised address; null when the ref names no row.
 * @throws on a database error.
 */
export async function personRecord(
  ref: PersonRef,
  { db }: { db?: Database } = {},
): Promise<PersonRecord | null> {
  const conn = db ?? (await getDb());
  const email = await findPersonEmail(conn, ref.kind, ref.id);
  if (!email) return null;
  const { ids, supabase } = await accountIds(conn, email, ref);
  const rows = await selectPersonalData(conn, { email, userIds: ids });
  const titles = await selectCourseTitles(conn, [
    ...rows.enrolments.map((e) => e.courseId),
    ...rows.progress.map((p) => p.courseId),
  ]);
  const progressOf = new Map(rows.progress.map((p) => [p.courseId, p.progress]));
  const subscriber = rows.newsletter[0] ?? null;
  const consents: PersonRecord['consents'] = [];
  if (subscriber?.consentedAt) consents.push({ what: 'newsletter', at: subscriber.consentedAt });
  if (subscriber?.status === 'unsubscribed')
    consents.push({ what: 'newsletter-withdrawn', at: subscriber.updatedAt });
  for (const account of rows.accounts)
    if (account.emailConfirmedAt) consents.push({ what: 'account-confirmed', at: account.emailConfirmedAt });
  const latestEnquiry = rows.enquiries.at(-1);
  return {
    email,
    name: rows.accounts[0]?.fullName ?? rows.registrations.at(-1)?.name ?? latestEnquiry?.name ?? null,
    enquiries: rows.enquiries
      .map((e) => ({
        id: e.id,
        status: e.status,
        createdAt: e.createdAt,
        handledAt: e.handledAt,
        excerpt: e.message.length > 140 ? `${e.message.slice(0, 140)}…` : e.message,
      }))
      .reverse(),
    registrations: rows.registrations.map((v) => ({
      id: v.id,
      status: v.status,
      membershipType: v.membershipType,
      organizationName: v.organizationName,
      country: v.country,
      location: v.location,
      phone: v.phone,
      createdAt: v.createdAt,
      statusChangedAt: v.statusChangedAt,
    })),
    newsletter: subscriber && {
      id: subscriber.id,
      status: subscriber.status,
      consentedAt: subscriber.consentedAt,
      form: subscriber.form,
      source: subscriber.source,
      locale: subscriber.locale,
      createdAt: subscriber.createdAt,
      updatedAt: subscriber.updatedAt,
    },
    accounts: rows.accounts.map((a) => ({
      id: a.id,
      fullName: a.fullName,
      createdAt: a.createdAt,
      emailConfirmedAt: a.emailConfirmedAt,
    })),
    supabaseAccount: supabase,
    courses: rows.enrolments.map((e) => ({
      courseId: e.courseId,
      title: titles.get(e.courseId) ?? '—',
      enrolledAt: e.createdAt,
      enrolmentStatus: e.status,
      progress: progressOf.get(e.courseId) ?? null,
    })),
    certificates: rows.certificates.map((c) => ({
      id: c.id,
      courseTitle: c.courseTitle,
      issuedAt: c.issuedAt,
      revokedAt: c.revokedAt,
    })),
    consents: consents.sort((a, b) => a.at.getTime() - b.at.getTime()),
    sends: rows.outbox
      .map((o) => ({
        id: o.id,
        kind: o.kind,
        status: o.status,
        attempts: o.attempts,
        createdAt: o.createdAt,
        sentAt: o.sentAt,
      }))
      .reverse(),
  };
}

/**
 * People whose name or address contains `q` (at least 2 characters after trimming, at most 200; else none), one
 * per address, most recent first (`searchPeople`). @throws on a database error.
 */
export async function findPeople(q: string, { db }: { db?: Database } = {}): Promise<PersonHit[]> {
  const text = q.trim();
  if (text.length < 2 || text.length > 200) return [];
  return searchPeople(db ?? (await getDb()), text);
}
