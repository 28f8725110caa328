import 'server-only';

import { and, arrayContains, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';

import type { Database } from '../client';
import {
  EXPERIENCE_LEVELS,
  type NewsletterSubscriber,
  type OutboxItem,
  VOLUNTEER_STATUSES,
  type Volunteer,
  courseCertificates,
  courseEnrollments,
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

/** Most rows a back-office list or export reads at once. */
export const BACK_OFFICE_ROW_LIMIT = 5000;

export type VolunteerStatus = (typeof VOLUNTEER_STATUSES)[number];

export interface VolunteerFilter {
  country?: string;
  /** Registrations listing this interest. */
  interest?: string;
  experience?: (typeof EXPERIENCE_LEVELS)[number];
  status?: VolunteerStatus;
  limit?: number;
}

/** Network registrations matching the filter, newest first (at most `limit`, default BACK_OFFICE_ROW_LIMIT). */
export async function listVolunteers(db: Database, filter: VolunteerFilter = {}): Promise<Volunteer[]> {
  return db
    .select()
    .from(volunteers)
    .where(
      and(
        filter.country ? eq(volunteers.country, filter.country) : undefined,
        filter.interest ? arrayContains(volunteers.interests, [filter.interest]) : undefined,
        filter.experience ? eq(volunteers.experienceLevel, filter.experience) : undefined,
        filter.status ? eq(volunteers.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(volunteers.createdAt))
    .limit(filter.limit ?? BACK_OFFICE_ROW_LIMIT);
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

/** Newsletter subscribers (optionally of one status), newest first, at most `limit`. */
export async function listSubscribers(
  db: Database,
  filter: { status?: NewsletterSubscriber['status']; limit?: number } = {},
): Promise<NewsletterSubscriber[]> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(filter.status ? eq(newsletterSubscribers.status, filter.status) : undefined)
    .orderBy(desc(newsletterSubscribers.createdAt))
    .limit(filter.limit ?? BACK_OFFICE_ROW_LIMIT);
}

/** An outbox item as the Deliveries page shows it: never its payload (addresses, sealed links). */
export type DeliveryRow = Pick<
  OutboxItem,
  'id' | 'kind' | 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'createdAt' | 'updatedAt'
>;

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
 * Outbox items not sent: pending ones (soonest due first) then failed ones (latest first), except `exceptKinds`
 * (the admin alerts' own records). At most `limit` (default 200) of each status.
 */
export async function listDeliveries(
  db: Database,
  { exceptKinds = [], limit = 200 }: { exceptKinds?: string[]; limit?: number } = {},
): Promise<{ pending: DeliveryRow[]; failed: DeliveryRow[] }> {
  const notExcepted = exceptKinds.length ? notInArray(outbox.kind, exceptKinds) : undefined;
  const pending = await db
    .select(deliveryColumns)
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), notExcepted))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit);
  const failed = await db
    .select(deliveryColumns)
    .from(outbox)
    .where(and(eq(outbox.status, 'failed'), notExcepted))
    .orderBy(desc(outbox.updatedAt))
    .limit(limit);
  return { pending, failed };
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
): Promise<DeliveryRow | null> {
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
export async function giveUpDelivery(db: Database, id: string): Promise<DeliveryRow | null> {
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
