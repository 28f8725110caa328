import 'server-only';

import {
  type SQL,
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  inArray,
  lt,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';

import type { Database } from '../client';
import {
  EXPERIENCE_LEVELS,
  type NewsletterSubscriber,
  type OutboxItem,
  VOLUNTEER_STATUSES,
  type Volunteer,
  courseCertificates,
  courseEnrollments,
  enquiries,
  localUsers,
  newsletterSubscribers,
  outbox,
  userCourseProgress,
  volunteers,
} from '../schema';
import { DEFAULT_LEASE_SECONDS, SEALED_PAYLOAD_KEY } from './outbox';

/**
 * Reads and writes of the back office (issue 17): the network registrations, newsletter subscribers, outbox
 * deliveries and course students as staff see them. No authorisation here: callers (lib/back-office) check the
 * person first.
 */

/** Most rows a back-office list reads at once (a page of a list is smaller; exports read page after page). */
export const BACK_OFFICE_ROW_LIMIT = 5000;

/** Rows per page of an export's keyset read (`volunteerPages`, `subscriberPages`). */
export const EXPORT_PAGE_SIZE = 500;

export type VolunteerStatus = (typeof VOLUNTEER_STATUSES)[number];

/** `%`, `_` and `\` typed by a person match themselves, not as LIKE wildcards. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface VolunteerFilter {
  /** Text in the name, email or organisation (case-insensitive; `%` and `_` literal). */
  q?: string;
  country?: string;
  /** Registrations listing this interest. */
  interest?: string;
  experience?: (typeof EXPERIENCE_LEVELS)[number];
  status?: VolunteerStatus;
  /** Only these registrations (a selection of the list). */
  ids?: readonly string[];
  limit?: number;
  offset?: number;
}

function volunteerWhere(filter: VolunteerFilter): SQL | undefined {
  const pattern = filter.q ? contains(filter.q) : undefined;
  return and(
    pattern
      ? or(
          sql`${volunteers.name} ilike ${pattern}`,
          sql`${volunteers.email} ilike ${pattern}`,
          sql`${volunteers.organizationName} ilike ${pattern}`,
        )
      : undefined,
    filter.country ? eq(volunteers.country, filter.country) : undefined,
    filter.interest ? arrayContains(volunteers.interests, [filter.interest]) : undefined,
    filter.experience ? eq(volunteers.experienceLevel, filter.experience) : undefined,
    filter.status ? eq(volunteers.status, filter.status) : undefined,
    filter.ids ? inArray(volunteers.id, [...filter.ids]) : undefined,
  );
}

/**
 * Network registrations matching the filter, newest first: `limit` rows (default BACK_OFFICE_ROW_LIMIT) after
 * `offset`. An empty `ids` matches nothing.
 */
export async function listVolunteers(db: Database, filter: VolunteerFilter = {}): Promise<Volunteer[]> {
  if (filter.ids?.length === 0) return [];
  return db
    .select()
    .from(volunteers)
    .where(volunteerWhere(filter))
    .orderBy(desc(volunteers.createdAt), desc(volunteers.id))
    .limit(filter.limit ?? BACK_OFFICE_ROW_LIMIT)
    .offset(filter.offset ?? 0);
}

/** How many registrations match the filter (for the list's pages). */
export async function countVolunteers(db: Database, filter: VolunteerFilter = {}): Promise<number> {
  if (filter.ids?.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(volunteers).where(volunteerWhere(filter));
  return Number(row?.n ?? 0);
}

/**
 * Every registration matching the filter, newest first, `pageSize` at a time (keyset on created_at and id, so rows
 * added meanwhile neither repeat nor shift the pages): an export's source, with no cap.
 */
export async function* volunteerPages(
  db: Database,
  filter: VolunteerFilter = {},
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Volunteer[]> {
  if (filter.ids?.length === 0) return;
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Volunteer[] = await db
      .select()
      .from(volunteers)
      .where(
        and(
          volunteerWhere(filter),
          after
            ? or(
                lt(volunteers.createdAt, after.createdAt),
                and(eq(volunteers.createdAt, after.createdAt), lt(volunteers.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(volunteers.createdAt), desc(volunteers.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The countries and interests present in the registrations, sorted, for the list's filter menus. */
export async function volunteerFacets(db: Database): Promise<{ countries: string[]; interests: string[] }> {
  const countries = await db
    .selectDistinct({ value: volunteers.country })
    .from(volunteers)
    .orderBy(asc(volunteers.country));
  const interests = await db.execute(
    sql`select distinct unnest(${volunteers.interests}) as value from ${volunteers} order by 1`,
  );
  const rows = (Array.isArray(interests) ? interests : (interests as { rows: unknown[] }).rows) as {
    value: string;
  }[];
  return { countries: countries.map((c) => c.value), interests: rows.map((r) => r.value) };
}

/**
 * Sets the status of several registrations at once (a selection of the list); rows already in that status are left
 * as they are. @returns the rows changed (unknown ids are skipped).
 */
export async function setVolunteerStatuses(
  db: Database,
  ids: readonly string[],
  status: VolunteerStatus,
): Promise<Pick<Volunteer, 'id' | 'status'>[]> {
  if (ids.length === 0) return [];
  return db
    .update(volunteers)
    .set({ status, statusChangedAt: sql`now()` })
    .where(and(inArray(volunteers.id, [...ids]), sql`${volunteers.status} <> ${status}`))
    .returning({ id: volunteers.id, status: volunteers.status });
}

/** Sets a registration's status (and when it changed). @returns the row, or null for an unknown id. */
export async function setVolunteerStatus(
  db: Database,
  id: string,
  status: VolunteerStatus,
): Promise<Volunteer | null> {
  const [row] = await db
    .update(volunteers)
    .set({ status, statusChangedAt: sql`now()` })
    .where(eq(volunteers.id, id))
    .returning();
  return row ?? null;
}

export interface SubscriberFilter {
  /** Text in the address (case-insensitive; `%` and `_` literal). */
  q?: string;
  status?: NewsletterSubscriber['status'];
  /** Only these subscribers (a selection of the list). */
  ids?: readonly string[];
  limit?: number;
  offset?: number;
}

function subscriberWhere(filter: SubscriberFilter): SQL | undefined {
  return and(
    filter.q ? sql`${newsletterSubscribers.email} ilike ${contains(filter.q)}` : undefined,
    filter.status ? eq(newsletterSubscribers.status, filter.status) : undefined,
    filter.ids ? inArray(newsletterSubscribers.id, [...filter.ids]) : undefined,
  );
}

/** Newsletter subscribers matching the filter, newest first: `limit` (default BACK_OFFICE_ROW_LIMIT) after `offset`. */
export async function listSubscribers(
  db: Database,
  filter: SubscriberFilter = {},
): Promise<NewsletterSubscriber[]> {
  if (filter.ids?.length === 0) return [];
  return db
    .select()
    .from(newsletterSubscribers)
    .where(subscriberWhere(filter))
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(filter.limit ?? BACK_OFFICE_ROW_LIMIT)
    .offset(filter.offset ?? 0);
}

/** How many subscribers match the filter (for the list's pages). */
export async function countSubscribers(db: Database, filter: SubscriberFilter = {}): Promise<number> {
  if (filter.ids?.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(subscriberWhere(filter));
  return Number(row?.n ?? 0);
}

/** Every subscriber matching the filter, newest first, `pageSize` at a time (keyset, as `volunteerPages`). */
export async function* subscriberPages(
  db: Database,
  filter: SubscriberFilter = {},
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<NewsletterSubscriber[]> {
  if (filter.ids?.length === 0) return;
  const t = newsletterSubscribers;
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: NewsletterSubscriber[] = await db
      .select()
      .from(t)
      .where(
        and(
          subscriberWhere(filter),
          after
            ? or(lt(t.createdAt, after.createdAt), and(eq(t.createdAt, after.createdAt), lt(t.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * An outbox item as the Deliveries page shows it: never its payload (addresses, sealed links), only whom it
 * concerns (`concerns`), found through the payload's `volunteerId`, `subscriberId` or `enquiryId` (the person's
 * name and email from that row) or, for an item about an address only (an account email), that address; an item
 * whose record is gone, and an erasure sent to the provider, concern nobody shown.
 */
export type DeliveryRow = DeliveryItem & { concerns: DeliveryConcerns };

/** An outbox item's own columns, without its payload (what retry and give up answer with). */
export type DeliveryItem = Pick<
  OutboxItem,
  'id' | 'kind' | 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'createdAt' | 'updatedAt'
>;

/** Whom a delivery concerns: the record (`kind` + `id`, for the person page) and the name and email, when known. */
export interface DeliveryConcerns {
  kind: 'member' | 'subscriber' | 'enquiry' | null;
  id: string | null;
  name: string | null;
  email: string | null;
}

const deliveryColumns = {
  id: outbox.id,
  kind: outbox.kind,
  status: outbox.status,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  updatedAt: outbox.updatedAt,
};

/**
 * The address an item concerns when it names no record (an account email's `to`, a newsletter item's `email`):
 * never for an item that names a record (the join says whom; a deleted record stays unnamed) nor for an erasure
 * sent to the provider (`mailing.forget`: the person asked to be forgotten).
 */
const deliveryAddress = sql<string | null>`case
  when ${outbox.payload} ?| array['volunteerId', 'subscriberId', 'enquiryId'] then null
  when ${outbox.kind} = 'mailing.forget' then null
  else coalesce(${outbox.payload} ->> 'email', ${outbox.payload} ->> 'to') end`;

const concernColumns = {
  volunteerId: volunteers.id,
  volunteerName: volunteers.name,
  volunteerEmail: volunteers.email,
  subscriberId: newsletterSubscribers.id,
  subscriberEmail: newsletterSubscribers.email,
  enquiryId: enquiries.id,
  enquiryName: enquiries.name,
  enquiryEmail: enquiries.email,
  address: deliveryAddress,
};

type JoinedDelivery = DeliveryItem & {
  volunteerId: string | null;
  volunteerName: string | null;
  volunteerEmail: string | null;
  subscriberId: string | null;
  subscriberEmail: string | null;
  enquiryId: string | null;
  enquiryName: string | null;
  enquiryEmail: string | null;
  address: string | null;
};

function withConcerns(row: JoinedDelivery): DeliveryRow {
  const {
    volunteerId,
    volunteerName,
    volunteerEmail,
    subscriberId,
    subscriberEmail,
    enquiryId,
    enquiryName,
    enquiryEmail,
    address,
    ...item
  } = row;
  const concerns: DeliveryConcerns = volunteerId
    ? { kind: 'member', id: volunteerId, name: volunteerName, email: volunteerEmail }
    : enquiryId
      ? { kind: 'enquiry', id: enquiryId, name: enquiryName, email: enquiryEmail }
      : subscriberId
        ? { kind: 'subscriber', id: subscriberId, name: null, email: subscriberEmail }
        : { kind: null, id: null, name: null, email: address };
  return { ...item, concerns };
}

export interface DeliveryFilter {
  /** Kinds never listed (the admin alerts' own records). */
  exceptKinds?: string[];
  /** One section only: waiting ('pending') or given up ('failed'); both by default. */
  status?: 'pending' | 'failed';
  /** One kind ('volunteer.followup', …). */
  kind?: string;
  /** Text in the concerned person's name or email, or the kind or last error (case-insensitive). */
  q?: string;
  /** Most items of each section (default 200). */
  limit?: number;
}

/** The joined read of deliveries with whom they concern (left joins: an item about a deleted row keeps its address). */
function deliveriesQuery(db: Database, where: SQL | undefined) {
  return db
    .select({ ...deliveryColumns, ...concernColumns })
    .from(outbox)
    .leftJoin(volunteers, sql`${volunteers.id}::text = ${outbox.payload} ->> 'volunteerId'`)
    .leftJoin(
      newsletterSubscribers,
      sql`${newsletterSubscribers.id}::text = ${outbox.payload} ->> 'subscriberId'`,
    )
    .leftJoin(enquiries, sql`${enquiries.id}::text = ${outbox.payload} ->> 'enquiryId'`)
    .where(where);
}

/**
 * Outbox items not sent, with whom they concern: pending ones (soonest due first) then failed ones (latest first),
 * except `exceptKinds`, narrowed by status, kind and text. At most `limit` (default 200) of each status, with each
 * section's total.
 */
export async function listDeliveries(
  db: Database,
  { exceptKinds = [], status, kind, q, limit = 200 }: DeliveryFilter = {},
): Promise<{ pending: DeliveryRow[]; failed: DeliveryRow[]; totals: { pending: number; failed: number } }> {
  const pattern = q ? contains(q) : undefined;
  const narrowed = and(
    exceptKinds.length ? notInArray(outbox.kind, exceptKinds) : undefined,
    kind ? eq(outbox.kind, kind) : undefined,
    pattern
      ? or(
          sql`${volunteers.name} ilike ${pattern}`,
          sql`${volunteers.email} ilike ${pattern}`,
          sql`${newsletterSubscribers.email} ilike ${pattern}`,
          sql`${enquiries.name} ilike ${pattern}`,
          sql`${enquiries.email} ilike ${pattern}`,
          sql`${deliveryAddress} ilike ${pattern}`,
          sql`${outbox.kind} ilike ${pattern}`,
          sql`${outbox.lastError} ilike ${pattern}`,
        )
      : undefined,
  );
  const section = async (wanted: 'pending' | 'failed') => {
    if (status && status !== wanted) return { rows: [] as DeliveryRow[], total: 0 };
    const where = and(eq(outbox.status, wanted), narrowed);
    const rows = await deliveriesQuery(db, where)
      .orderBy(wanted === 'pending' ? asc(outbox.nextAttemptAt) : desc(outbox.updatedAt))
      .limit(limit);
    const [total] = await db
      .select({ n: count() })
      .from(outbox)
      .leftJoin(volunteers, sql`${volunteers.id}::text = ${outbox.payload} ->> 'volunteerId'`)
      .leftJoin(
        newsletterSubscribers,
        sql`${newsletterSubscribers.id}::text = ${outbox.payload} ->> 'subscriberId'`,
      )
      .leftJoin(enquiries, sql`${enquiries.id}::text = ${outbox.payload} ->> 'enquiryId'`)
      .where(where);
    return { rows: rows.map(withConcerns), total: Number(total?.n ?? 0) };
  };
  const pending = await section('pending');
  const failed = await section('failed');
  return {
    pending: pending.rows,
    failed: failed.rows,
    totals: { pending: pending.total, failed: failed.total },
  };
}

/** The kinds present among the unsent items (except `exceptKinds`), sorted: the Deliveries page's kind filter. */
export async function deliveryKinds(db: Database, { exceptKinds = [] }: { exceptKinds?: string[] } = {}) {
  const rows = await db
    .selectDistinct({ kind: outbox.kind })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, ['pending', 'failed']),
        exceptKinds.length ? notInArray(outbox.kind, exceptKinds) : undefined,
      ),
    )
    .orderBy(asc(outbox.kind));
  return rows.map((r) => r.kind);
}

/** Payload key marking an item an admin gave up on: the failure alert does not report it (they know). */
export const GIVEN_UP_BY_ADMIN_KEY = 'givenUpByAdmin';

/**
 * An item no worker holds right now: never tried, given up, or last touched more than a lease ago (a claimed item's
 * updated_at is its claim time, so one in a worker's hands is refused rather than sent twice).
 */
const notInFlight = sql`(${outbox.status} = 'failed' or ${outbox.attempts} = 0 or ${outbox.updatedAt} < now() - ${DEFAULT_LEASE_SECONDS}::integer * interval '1 second')`;

/**
 * Makes an unsent item due now. A failed item starts a fresh round of retries (attempts back to 0). Refuses (null)
 * an unknown or sent item, one of `exceptKinds`, and one a worker may be running now (see `notInFlight`).
 */
export async function retryDelivery(
  db: Database,
  id: string,
  { exceptKinds = [] }: { exceptKinds?: string[] } = {},
): Promise<DeliveryItem | null> {
  const [row] = await db
    .update(outbox)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      attempts: sql`case when ${outbox.status} = 'failed' then 0 else ${outbox.attempts} end`,
      payload: sql`${outbox.payload} - ${GIVEN_UP_BY_ADMIN_KEY}::text`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(outbox.id, id),
        inArray(outbox.status, ['pending', 'failed']),
        exceptKinds.length ? notInArray(outbox.kind, exceptKinds) : undefined,
        notInFlight,
      ),
    )
    .returning(deliveryColumns);
  return row ?? null;
}

/**
 * Gives a pending item up: 'failed', its sealed secret dropped, marked as given up by an admin (so the failure
 * alert leaves it out). Refuses (null) an unknown, sent or already failed item, and one a worker may be running now.
 */
export async function giveUpDelivery(db: Database, id: string): Promise<DeliveryItem | null> {
  const [row] = await db
    .update(outbox)
    .set({
      status: 'failed',
      payload: sql`(${outbox.payload} - ${SEALED_PAYLOAD_KEY}::text) || jsonb_build_object(${GIVEN_UP_BY_ADMIN_KEY}::text, true)`,
      lastError: sql`left(coalesce(${outbox.lastError} || ' | ', '') || 'given up by an admin', 1000)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending'), notInFlight))
    .returning(deliveryColumns);
  return row ?? null;
}

/** One enrolled student of a course, for the manage page and its export. */
export interface CourseStudentRow {
  userId: string;
  /** From the local account or Supabase's auth.users; null when the account is gone. */
  email: string | null;
  name: string | null;
  enrolledAt: Date;
  status: string;
  /** Whole percent. */
  progress: number;
  completedLessons: number;
  /** The last time the student opened or completed a lesson; null before the first. */
  lastActivity: Date | null;
  certificateId: string | null;
  certificateIssuedAt: Date | null;
}

/**
 * The students enrolled in a course with their progress, last activity and certificate, latest enrolment first.
 * Names and emails come from local accounts, or with `supabase` from auth.users (that database only).
 */
export async function listCourseStudents(
  db: Database,
  courseId: string,
  { supabase = false }: { supabase?: boolean } = {},
): Promise<CourseStudentRow[]> {
  const rows = await db
    .select({
      userId: courseEnrollments.userId,
      enrolledAt: courseEnrollments.createdAt,
      status: courseEnrollments.status,
      progress: userCourseProgress.progress,
      completed: userCourseProgress.completedLessons,
      lastActivity: userCourseProgress.lastAccessed,
      certificateId: courseCertificates.id,
      certificateIssuedAt: courseCertificates.issuedAt,
      email: localUsers.email,
      name: localUsers.fullName,
    })
    .from(courseEnrollments)
    .leftJoin(
      userCourseProgress,
      and(
        eq(userCourseProgress.userId, courseEnrollments.userId),
        eq(userCourseProgress.courseId, courseEnrollments.courseId),
      ),
    )
    .leftJoin(
      courseCertificates,
      and(
        eq(courseCertificates.userId, courseEnrollments.userId),
        eq(courseCertificates.courseId, courseEnrollments.courseId),
      ),
    )
    .leftJoin(localUsers, eq(localUsers.id, courseEnrollments.userId))
    .where(eq(courseEnrollments.courseId, courseId))
    .orderBy(desc(courseEnrollments.createdAt))
    .limit(BACK_OFFICE_ROW_LIMIT);
  const identities = supabase
    ? await supabaseIdentities(
        db,
        rows.map((r) => r.userId),
      )
    : new Map();
  return rows.map((r) => {
    const other = identities.get(r.userId);
    return {
      userId: r.userId,
      email: other?.email ?? r.email ?? null,
      name: other?.name ?? r.name ?? null,
      enrolledAt: r.enrolledAt,
      status: r.status,
      progress: r.progress ?? 0,
      completedLessons: r.completed?.length ?? 0,
      lastActivity: r.lastActivity ?? null,
      certificateId: r.certificateId ?? null,
      certificateIssuedAt: r.certificateIssuedAt ?? null,
    };
  });
}

async function supabaseIdentities(
  db: Database,
  ids: string[],
): Promise<Map<string, { email: string | null; name: string | null }>> {
  if (ids.length === 0) return new Map();
  // Supabase Auth with a database other than the project's own has no auth.users: names stay unknown.
  const result = await db
    .execute(
      sql`select id::text as id, email, raw_user_meta_data ->> 'full_name' as name from auth.users where id::text in ${ids}`,
    )
    .catch(() => []);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string;
    email: string | null;
    name: string | null;
  }[];
  return new Map(rows.map((r) => [r.id, { email: r.email, name: r.name }]));
}
