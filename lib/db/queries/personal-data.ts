import 'server-only';

import { type SQL, and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';

import type { Database } from '../client';
import {
  type CourseCertificate,
  type CourseEnrollment,
  type Enquiry,
  type EnquiryNote,
  type NewsletterSubscriber,
  type OutboxItem,
  type UserCourseProgress,
  type UserRole,
  type Volunteer,
  adminAudit,
  courseCertificates,
  courseEnrollments,
  enquiries,
  enquiryNotes,
  localSessions,
  localUsers,
  newsletterSubscribers,
  outbox,
  userCourseProgress,
  userRoles,
  volunteers,
} from '../schema';
import { SEALED_PAYLOAD_KEY } from './outbox';
import { recordAudit } from './roles';
import { normaliseEmail } from './side-effects';

/**
 * Every row the site's database holds about one person (UK GDPR subject access and erasure, lib/data-rights), found
 * by their email address (compared trimmed and lower-cased: enquiries and registrations keep the case typed) and by
 * their account ids (`user_id` of enrolments, progress, certificates and roles). Never holds a secret: no password
 * hash, no session or link token hash, no outbox `sealed` value.
 */
export interface PersonalDataRows {
  enquiries: Enquiry[];
  /** The staff's notes and replies on those enquiries (they go with the enquiry). */
  enquiryNotes: EnquiryNote[];
  registrations: Volunteer[];
  newsletter: NewsletterSubscriber[];
  accounts: {
    id: string;
    email: string;
    fullName: string | null;
    emailConfirmedAt: Date | null;
    createdAt: Date;
  }[];
  sessions: { userId: string; kind: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date }[];
  roles: UserRole[];
  enrolments: CourseEnrollment[];
  progress: UserCourseProgress[];
  certificates: CourseCertificate[];
  outbox: Omit<OutboxItem, 'lastError'>[];
}

/** Who to look for: an email address and the account ids known for it (local and/or Supabase). */
export interface PersonKeys {
  email: string;
  userIds: string[];
}

const byEmail = (column: SQL | AnyPgColumn, email: string) =>
  sql`lower(btrim(${column})) = ${normaliseEmail(email)}`;

/** The local account id of that address, or null (local_users only; Supabase users live in auth.users). */
export async function findLocalUserId(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: localUsers.id })
    .from(localUsers)
    .where(eq(localUsers.email, normaliseEmail(email)))
    .limit(1);
  return row?.id ?? null;
}

/** The back-office roles (user_roles) any of `userIds` holds, or none. @throws on a database error. */
export async function selectRoleNames(db: Database, userIds: string[]): Promise<string[]> {
  const ids = userIds.filter(Boolean);
  if (!ids.length) return [];
  const rows = await db
    .select({ role: userRoles.roleName })
    .from(userRoles)
    .where(inArray(userRoles.userId, ids));
  return rows.map((r) => r.role);
}

/**
 * The outbox items about the person: addressed to them (`payload.to` or `payload.email`), or pointing at one of
 * their enquiries, registrations or subscriber rows.
 */
function outboxCondition(
  email: string,
  ids: { enquiries: string[]; volunteers: string[]; subscribers: string[] },
): SQL {
  const payloadIn = (key: string, values: string[]) =>
    values.length ? sql`${outbox.payload} ->> ${key} in ${values}` : undefined;
  return or(
    byEmail(sql`${outbox.payload} ->> 'to'`, email),
    byEmail(sql`${outbox.payload} ->> 'email'`, email),
    payloadIn('enquiryId', ids.enquiries),
    payloadIn('volunteerId', ids.volunteers),
    payloadIn('subscriberId', ids.subscribers),
  )!;
}

/**
 * Reads every row about the person (see `PersonalDataRows`), oldest first within each kind. Outbox items lose their
 * `sealed` secret and their `last_error` (a provider's text). @throws on a database error.
 */
export async function selectPersonalData(db: Database, keys: PersonKeys): Promise<PersonalDataRows> {
  const { email } = keys;
  const userIds = keys.userIds.filter(Boolean);
  const forUsers = <T>(run: () => Promise<T[]>) => (userIds.length ? run() : Promise.resolve([] as T[]));
  const [enq, vol, news, accounts] = await Promise.all([
    db.select().from(enquiries).where(byEmail(enquiries.email, email)).orderBy(enquiries.createdAt),
    db.select().from(volunteers).where(byEmail(volunteers.email, email)).orderBy(volunteers.createdAt),
    db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, normaliseEmail(email))),
    forUsers(() =>
      db
        .select({
          id: localUsers.id,
          email: localUsers.email,
          fullName: localUsers.fullName,
          emailConfirmedAt: localUsers.emailConfirmedAt,
          createdAt: localUsers.createdAt,
        })
        .from(localUsers)
        .where(inArray(localUsers.id, userIds)),
    ),
  ]);
  const enquiryIds = enq.map((r) => r.id);
  const [notes, sessions, roles, enrolments, progress, certificates, items] = await Promise.all([
    enquiryIds.length
      ? db
          .select()
          .from(enquiryNotes)
          .where(inArray(enquiryNotes.enquiryId, enquiryIds))
          .orderBy(enquiryNotes.createdAt)
      : Promise.resolve([] as EnquiryNote[]),
    forUsers(() =>
      db
        .select({
          userId: localSessions.userId,
          kind: localSessions.kind,
          createdAt: localSessions.createdAt,
          lastSeenAt: localSessions.lastSeenAt,
          expiresAt: localSessions.expiresAt,
        })
        .from(localSessions)
        .where(inArray(localSessions.userId, userIds))
        .orderBy(localSessions.createdAt),
    ),
    forUsers(() => db.select().from(userRoles).where(inArray(userRoles.userId, userIds))),
    forUsers(() =>
      db
        .select()
        .from(courseEnrollments)
        .where(inArray(courseEnrollments.userId, userIds))
        .orderBy(courseEnrollments.createdAt),
    ),
    forUsers(() =>
      db
        .select()
        .from(userCourseProgress)
        .where(inArray(userCourseProgress.userId, userIds))
        .orderBy(userCourseProgress.createdAt),
    ),
    forUsers(() =>
      db
        .select()
        .from(courseCertificates)
        .where(inArray(courseCertificates.userId, userIds))
        .orderBy(courseCertificates.issuedAt),
    ),
    db
      .select()
      .from(outbox)
      .where(
        outboxCondition(email, {
          enquiries: enq.map((r) => r.id),
          volunteers: vol.map((r) => r.id),
          subscribers: news.map((r) => r.id),
        }),
      )
      .orderBy(outbox.createdAt),
  ]);
  return {
    enquiries: enq,
    enquiryNotes: notes,
    registrations: vol,
    newsletter: news,
    accounts,
    sessions,
    roles,
    enrolments,
    progress,
    certificates,
    outbox: items.map((item) => {
      const rest: Partial<OutboxItem> = { ...item };
      delete rest.lastError;
      const payload = { ...item.payload };
      delete payload[SEALED_PAYLOAD_KEY];
      return { ...(rest as Omit<OutboxItem, 'lastError'>), payload };
    }),
  };
}

/** How many rows an erasure removed (or, for certificates, anonymised and revoked), by kind. */
export type ErasedCounts = Record<
  | 'enquiries'
  | 'registrations'
  | 'newsletter'
  | 'accounts'
  | 'roles'
  | 'enrolments'
  | 'progress'
  | 'certificatesRevoked'
  | 'outbox',
  number
>;

/**
 * Erases the person's rows in one transaction: deletes their enquiries, registrations, newsletter row, local
 * account (its sessions and emailed links go with it), roles, enrolments, progress and the outbox items about them;
 * certificates stay (their printed id must keep answering) but lose the name and the link to the person
 * (student_name '', a random user_id) and are revoked. `afterErase` runs inside the same transaction (queue the
 * provider's erasure there, so both happen or neither) with the counts and the ids of the enquiries deleted. @returns the counts. @throws on a database error (nothing
 * is then erased).
 */
export async function erasePersonalData(
  db: Database,
  keys: PersonKeys,
  afterErase?: (tx: Database, counts: ErasedCounts, erased: { enquiryIds: string[] }) => Promise<void>,
): Promise<ErasedCounts> {
  const { email } = keys;
  const userIds = keys.userIds.filter(Boolean);
  return db.transaction(async (tx) => {
    const count = (rows: unknown[]) => rows.length;
    const enq = await tx.select({ id: enquiries.id }).from(enquiries).where(byEmail(enquiries.email, email));
    const vol = await tx
      .select({ id: volunteers.id })
      .from(volunteers)
      .where(byEmail(volunteers.email, email));
    const news = await tx
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, normaliseEmail(email)));
    const outboxRows = await tx
      .delete(outbox)
      .where(
        outboxCondition(email, {
          enquiries: enq.map((r) => r.id),
          volunteers: vol.map((r) => r.id),
          subscribers: news.map((r) => r.id),
        }),
      )
      .returning({ id: outbox.id });
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const deleteIds = async <T extends typeof enquiries | typeof volunteers | typeof newsletterSubscribers>(
      table: T,
      rows: { id: string }[],
    ) =>
      rows.length
        ? count(
            await tx
              .delete(table)
              .where(inArray(table.id, ids(rows)))
              .returning(),
          )
        : 0;
    const counts: ErasedCounts = {
      enquiries: await deleteIds(enquiries, enq),
      registrations: await deleteIds(volunteers, vol),
      newsletter: await deleteIds(newsletterSubscribers, news),
      accounts: 0,
      roles: 0,
      enrolments: 0,
      progress: 0,
      certificatesRevoked: 0,
      outbox: outboxRows.length,
    };
    if (userIds.length) {
      counts.roles = count(
        await tx.delete(userRoles).where(inArray(userRoles.userId, userIds)).returning({ id: userRoles.id }),
      );
      counts.enrolments = count(
        await tx
          .delete(courseEnrollments)
          .where(inArray(courseEnrollments.userId, userIds))
          .returning({ id: courseEnrollments.id }),
      );
      counts.progress = count(
        await tx
          .delete(userCourseProgress)
          .where(inArray(userCourseProgress.userId, userIds))
          .returning({ id: userCourseProgress.id }),
      );
      counts.certificatesRevoked = count(
        await tx
          .update(courseCertificates)
          .set({ userId: sql`gen_random_uuid()`, studentName: '', revokedAt: sql`now()` })
          .where(inArray(courseCertificates.userId, userIds))
          .returning({ id: courseCertificates.id }),
      );
      counts.accounts = count(
        await tx.delete(localUsers).where(inArray(localUsers.id, userIds)).returning({ id: localUsers.id }),
      );
    }
    await afterErase?.(tx, counts, { enquiryIds: ids(enq) });
    return counts;
  });
}

/** What a retention run deleted. */
export interface RetentionPurge {
  enquiries: number;
  registrations: number;
  pendingSubscribers: number;
  outbox: number;
}

/** The cut-off times of a retention run (lib/data-rights/retention.ts `retentionCutoffs`). */
export interface RetentionCutoffs {
  /** Handled enquiries (answered or closed) whose last contact is before this go. */
  enquiriesBefore: Date;
  /** Network registrations marked `left` before this go. */
  membersBefore: Date;
  /** Newsletter signups never confirmed, made before this, go. */
  pendingBefore: Date;
}

/** Enquiry statuses retention may delete: handled ones. `new` and `in_progress` are open and always kept. */
export const PURGEABLE_ENQUIRY_STATUSES = ['answered', 'closed'] as const;

/** The audit action of a retention run that deleted something (detail: the counts; never personal data). */
export const RETENTION_AUDIT_ACTION = 'retention.purge';

/** The actor a retention run is recorded under (no account: the outbox worker's housekeeping). */
export const RETENTION_ACTOR = 'retention (outbox worker)';

/**
 * Retention (lib/data-rights/retention.ts), one transaction:
 * - enquiries that are handled (`answered` or `closed`) and whose last contact (the latest of when it was sent,
 *   the back office's last change `handled_at`, and the last note, reply or inbound email on it) is before
 *   `enquiriesBefore`; open ones (`new`, `in_progress`) are never deleted, however old;
 * - network registrations with status `left` whose status changed before `membersBefore` (the creation time when
 *   no change was recorded); `new`, `welcomed` and `active` members are never deleted;
 * - newsletter rows still `pending` (never confirmed) created before `pendingBefore`;
 * with the outbox items that point at them. A run that deletes anything writes one audit entry
 * (`retention.purge`, actor RETENTION_ACTOR, detail: the counts and the cut-offs' dates; no personal data) in the
 * same transaction. Times are the caller's clock (tests inject one). @returns the counts. @throws on a database
 * error (nothing is then deleted).
 */
export async function purgeExpiredPersonalData(
  db: Database,
  { enquiriesBefore, membersBefore, pendingBefore }: RetentionCutoffs,
): Promise<RetentionPurge> {
  return db.transaction(async (tx) => {
    const lastNote = sql`(select max(${enquiryNotes.createdAt}) from ${enquiryNotes} where ${enquiryNotes.enquiryId} = ${enquiries.id})`;
    const lastContact = sql`greatest(${enquiries.createdAt}, coalesce(${enquiries.handledAt}, ${enquiries.createdAt}), coalesce(${lastNote}, ${enquiries.createdAt}))`;
    const enq = await tx
      .delete(enquiries)
      .where(
        and(
          inArray(enquiries.status, [...PURGEABLE_ENQUIRY_STATUSES]),
          sql`${lastContact} < ${enquiriesBefore.toISOString()}`,
        ),
      )
      .returning({ id: enquiries.id });
    const vol = await tx
      .delete(volunteers)
      .where(
        and(
          eq(volunteers.status, 'left'),
          sql`coalesce(${volunteers.statusChangedAt}, ${volunteers.createdAt}) < ${membersBefore.toISOString()}`,
        ),
      )
      .returning({ id: volunteers.id });
    const news = await tx
      .delete(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.status, 'pending'),
          isNull(newsletterSubscribers.consentedAt),
          lt(newsletterSubscribers.createdAt, pendingBefore),
        ),
      )
      .returning({ id: newsletterSubscribers.id });
    const payloadIn = (key: string, rows: { id: string }[]) =>
      rows.length ? sql`${outbox.payload} ->> ${key} in ${rows.map((r) => r.id)}` : undefined;
    const refs = [
      payloadIn('enquiryId', enq),
      payloadIn('volunteerId', vol),
      payloadIn('subscriberId', news),
    ];
    const items = refs.some(Boolean)
      ? await tx
          .delete(outbox)
          .where(or(...refs))
          .returning({ id: outbox.id })
      : [];
    const counts: RetentionPurge = {
      enquiries: enq.length,
      registrations: vol.length,
      pendingSubscribers: news.length,
      outbox: items.length,
    };
    if (Object.values(counts).some((n) => n > 0))
      await recordAudit(tx, {
        actorId: null,
        actorEmail: RETENTION_ACTOR,
        action: RETENTION_AUDIT_ACTION,
        target: null,
        detail: {
          ...counts,
          enquiriesBefore: enquiriesBefore.toISOString(),
          membersBefore: membersBefore.toISOString(),
          pendingBefore: pendingBefore.toISOString(),
        },
      });
    return counts;
  });
}

/** The tables an erasure or a retention run deletes from or rewrites (`vacuumPersonalTables`). */
export const PERSONAL_TABLES = [
  'enquiries',
  'enquiry_notes',
  'volunteers',
  'newsletter_subscribers',
  'outbox',
  'local_users',
  'local_sessions',
  'local_email_tokens',
  'user_roles',
  'course_enrollments',
  'user_course_progress',
  'course_certificates',
] as const;

/** One of PERSONAL_TABLES. */
export type PersonalTable = (typeof PERSONAL_TABLES)[number];

/**
 * Whether `db` runs on PGlite with a data directory on disk (its client can dump its data directory, which a
 * postgres.js pool cannot; an in-memory one has no `dataDir` and leaves nothing on disk).
 */
function onPgliteDisk(db: Database): boolean {
  const client = (db as unknown as { $client?: { dataDir?: string } }).$client;
  if (typeof client !== 'object' || client === null || !('dumpDataDir' in client)) return false;
  return Boolean(client.dataDir) && !client.dataDir!.startsWith('memory://');
}

/**
 * Leaves no readable copy of deleted rows in the database files (D6): `VACUUM FULL` of `tables` rewrites each
 * table and its indexes into new files, so the dead tuples of deleted or updated rows (a message, a name) are no
 * longer on disk (a plain VACUUM only marks their space free, the bytes stay). It runs outside any transaction
 * (PostgreSQL refuses VACUUM inside one), as one statement, and holds each table's exclusive lock while it copies
 * it: milliseconds for this site's few thousand rows. On PGlite with a data directory on disk the write-ahead log
 * still holds the rows as they were inserted, so it then switches to a new WAL segment and checkpoints twice with `wal_recycle` off (old
 * segments are removed, not kept for reuse with their bytes). On PostgreSQL the WAL, its archive and backups are
 * the server's own retention (docs/DATA-RIGHTS.md). Pass a `Database`, never a transaction.
 * @throws on a database error (the caller logs it: the rows are already gone).
 */
export async function vacuumPersonalTables(
  db: Database,
  tables: readonly PersonalTable[] = PERSONAL_TABLES,
): Promise<void> {
  const names = tables.filter((t) => (PERSONAL_TABLES as readonly string[]).includes(t));
  if (!names.length) return;
  await db.execute(sql.raw(`vacuum full ${names.map((t) => `"${t}"`).join(', ')}`));
  if (!onPgliteDisk(db)) return;
  await db.execute(sql.raw('set wal_recycle = off'));
  try {
    for (let round = 0; round < 2; round++) {
      await db.execute(sql.raw('select pg_switch_wal()'));
      await db.execute(sql.raw('checkpoint'));
    }
  } finally {
    await db.execute(sql.raw('reset wal_recycle'));
  }
}

/** The audit action of a logged data-rights request (lib/data-rights/requests.ts), and of its closing. */
export const DATA_RIGHTS_REQUEST_ACTION = 'data-rights.request';
export const DATA_RIGHTS_REQUEST_CLOSE_ACTION = 'data-rights.request.close';

/** A logged request with its closing entry, if any (detail objects as stored; no personal data). */
export interface DataRightsRequestRow {
  id: string;
  loggedBy: string;
  loggedAt: Date;
  detail: Record<string, unknown>;
  closedBy: string | null;
  closedAt: Date | null;
  closeDetail: Record<string, unknown> | null;
}

/**
 * The data-rights request log (lib/data-rights/requests.ts): the latest `limit` 'data-rights.request' audit entries,
 * newest first, each with the first 'data-rights.request.close' entry that targets it. @throws on a database error.
 */
export async function selectDataRightsRequests(db: Database, limit = 100): Promise<DataRightsRequestRow[]> {
  const closing = alias(adminAudit, 'closing');
  const rows = await db
    .select({
      id: adminAudit.id,
      loggedBy: adminAudit.actorEmail,
      loggedAt: adminAudit.createdAt,
      detail: adminAudit.detail,
      closedBy: closing.actorEmail,
      closedAt: closing.createdAt,
      closeDetail: closing.detail,
    })
    .from(adminAudit)
    .leftJoin(
      closing,
      and(
        eq(closing.action, DATA_RIGHTS_REQUEST_CLOSE_ACTION),
        eq(closing.target, sql`${adminAudit.id}::text`),
      ),
    )
    .where(eq(adminAudit.action, DATA_RIGHTS_REQUEST_ACTION))
    .orderBy(desc(adminAudit.createdAt))
    .limit(limit * 2);
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true))).slice(0, limit);
}

/** Whether a logged request with this id exists and is still open. @throws on a database error. */
export async function findOpenDataRightsRequest(db: Database, id: string): Promise<boolean> {
  const rows = await selectDataRightsRequestById(db, id);
  return rows.length > 0 && rows[0]!.closedAt === null;
}

async function selectDataRightsRequestById(db: Database, id: string) {
  const closing = alias(adminAudit, 'closing');
  return db
    .select({ id: adminAudit.id, closedAt: closing.createdAt })
    .from(adminAudit)
    .leftJoin(
      closing,
      and(
        eq(closing.action, DATA_RIGHTS_REQUEST_CLOSE_ACTION),
        eq(closing.target, sql`${adminAudit.id}::text`),
      ),
    )
    .where(and(eq(adminAudit.action, DATA_RIGHTS_REQUEST_ACTION), eq(adminAudit.id, id)))
    .limit(1);
}
