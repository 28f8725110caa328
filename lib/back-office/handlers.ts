import 'server-only';

import { z } from 'zod';

import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { type AuthUser, type GuardResult, guardResponse } from '@/lib/auth';
import {
  type Database,
  EXPERIENCE_LEVELS,
  SUBSCRIBER_STATUSES,
  VOLUNTEER_STATUSES,
  enqueueOutbox,
  findNewsletterSubscriberById,
  getDb,
  giveUpDelivery,
  listCourseStudents,
  listSubscribers,
  listVolunteers,
  recordAudit,
  retryDelivery,
  setVolunteerStatus,
  unsubscribeNewsletterSubscriber,
} from '@/lib/db';
import {
  type MailingOptions,
  NEWSLETTER_UNSUBSCRIBE_KIND,
  hasMailingProvider,
  runMailingJob,
} from '@/lib/mailing';
import { OUTBOX_ALERT_KIND } from '@/lib/mailing';

import { csvResponse, toCsv } from './csv';

/**
 * The back office's actions and exports (issue 17 items 3, 4, 5, 8) as plain functions: each takes the caller's
 * `GuardResult` (from `checkStaff()` or `checkAdmin()` in the server action or route handler) and refuses with
 * 401 (signed out), 403 (not allowed) or 503 (the role check failed) before reading or writing anything. Input
 * is `unknown` and validated here with zod. Every write and export leaves an admin_audit entry (in the write's
 * transaction). Never throws for bad input or a refused guard; database errors throw
 * (the caller's error boundary shows a generic message).
 */

/** The back office's refusals (lib/action-result.ts's one result type carries them). */
export type BackOfficeError =
  'unauthenticated' | 'forbidden' | 'check-failed' | 'invalid' | 'not-found' | 'busy';

export type BackOfficeDeps = { db?: Database };

const invalid: ActionFailure<BackOfficeError> = { ok: false, status: 422, error: 'invalid' };
const notFound: ActionFailure<BackOfficeError> = { ok: false, status: 404, error: 'not-found' };

/** The audit entry every write and export leaves (docs/ARCHITECTURE.md §5): who, what, on what, when. */
function audit(db: Database, user: AuthUser, action: string, target: string | null, detail = {}) {
  return recordAudit(db, { actorId: user.id, actorEmail: user.email, action, target, detail });
}

function refused(guard: Extract<GuardResult, { ok: false }>): ActionFailure<BackOfficeError> {
  return { ok: false, status: guard.status, error: guard.error };
}

/** An empty query value means "any": filters come from a GET form whose blank choice sends `country=`. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** The network list's filters, from the page's query string or the export's. */
export const volunteerFilterSchema = z.object({
  country: optional(z.string().trim().max(100)),
  interest: optional(z.string().trim().max(100)),
  experience: optional(z.enum(EXPERIENCE_LEVELS)),
  status: optional(z.enum(VOLUNTEER_STATUSES)),
});
export type VolunteerFilterInput = z.infer<typeof volunteerFilterSchema>;

/** A URLSearchParams or a Next `searchParams` object as a plain record of first values. */
export function queryRecord(query: URLSearchParams | Record<string, string | string[] | undefined>) {
  if (query instanceof URLSearchParams) return Object.fromEntries(query.entries());
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  ) as Record<string, string | undefined>;
}

/** Parses the network filters; anything invalid is dropped rather than refused (a page must still render). */
export function parseVolunteerFilter(raw: Record<string, string | undefined>): VolunteerFilterInput {
  const parsed = volunteerFilterSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

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

/** GET export of the network registrations matching the filters: staff only; 422 for an invalid filter. */
export async function exportVolunteersCsv(
  guard: GuardResult,
  query: URLSearchParams,
  deps: BackOfficeDeps = {},
): Promise<Response> {
  if (!guard.ok) return guardResponse(guard);
  const filter = volunteerFilterSchema.safeParse(queryRecord(query));
  if (!filter.success)
    return Response.json({ error: 'invalid' }, { status: 422, headers: { 'Cache-Control': 'no-store' } });
  const db = deps.db ?? (await getDb());
  const rows = await listVolunteers(db, filter.data);
  await audit(db, guard.user, 'network.export', null, { filter: filter.data, rows: rows.length });
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

/** The status form's fields (the action wrapper validates with it too). */
export const statusInput = z.object({ id: z.uuid(), status: z.enum(VOLUNTEER_STATUSES) });

/** Sets a registration's status (new, welcomed, active, left): staff only. */
export async function handleSetVolunteerStatus(
  guard: GuardResult,
  raw: unknown,
  deps: BackOfficeDeps = {},
): Promise<ActionResult<{ id: string; status: string }, BackOfficeError>> {
  if (!guard.ok) return refused(guard);
  const input = statusInput.safeParse(raw);
  if (!input.success) return invalid;
  const row = await (deps.db ?? (await getDb())).transaction(async (tx) => {
    const updated = await setVolunteerStatus(tx, input.data.id, input.data.status);
    if (updated) await audit(tx, guard.user, 'network.status', updated.id, { status: updated.status });
    return updated;
  });
  return row ? { ok: true, data: { id: row.id, status: row.status } } : notFound;
}

export const SUBSCRIBER_CSV_HEADER = [
  'id',
  'email',
  'status',
  'source',
  'locale',
  'signed_up_at',
  'consented_at',
  'sync_status',
  'sync_attempts',
  'synced_at',
] as const;

const subscriberFilterSchema = z.object({ status: optional(z.enum(SUBSCRIBER_STATUSES)) });

/** Parses the newsletter list's status filter (anything invalid means all). */
export function parseSubscriberFilter(raw: Record<string, string | undefined>) {
  const parsed = subscriberFilterSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** GET export of the newsletter subscribers (optionally of one status): staff only; 422 for an invalid status. */
export async function exportSubscribersCsv(
  guard: GuardResult,
  query: URLSearchParams,
  deps: BackOfficeDeps = {},
): Promise<Response> {
  if (!guard.ok) return guardResponse(guard);
  const filter = subscriberFilterSchema.safeParse(queryRecord(query));
  if (!filter.success)
    return Response.json({ error: 'invalid' }, { status: 422, headers: { 'Cache-Control': 'no-store' } });
  const db = deps.db ?? (await getDb());
  const rows = await listSubscribers(db, filter.data);
  await audit(db, guard.user, 'newsletter.export', null, { filter: filter.data, rows: rows.length });
  const csv = toCsv(
    SUBSCRIBER_CSV_HEADER,
    rows.map((s) => [
      s.id,
      s.email,
      s.status,
      s.source,
      s.locale,
      s.createdAt,
      s.consentedAt,
      s.syncStatus,
      s.syncAttempts,
      s.syncedAt,
    ]),
  );
  return csvResponse('newsletter-subscribers', csv);
}

/** The forms that act on one row: its id. */
export const idInput = z.object({ id: z.uuid() });

/**
 * Unsubscribes a subscriber on their behalf (they asked by phone or email): staff only. As the person's own link
 * does (lib/mailing/newsletter.ts): an active row becomes `unsubscribed` with its consent time kept and, with a
 * provider configured, a 'newsletter.unsubscribe' item is queued in the same transaction for the outbox worker;
 * a pending row, which never consented, is deleted. @returns the status the row had before.
 */
export async function handleUnsubscribeSubscriber(
  guard: GuardResult,
  raw: unknown,
  deps: BackOfficeDeps & { mailing?: MailingOptions } = {},
): Promise<ActionResult<{ before: string }, BackOfficeError>> {
  if (!guard.ok) return refused(guard);
  const input = idInput.safeParse(raw);
  if (!input.success) return invalid;
  const db = deps.db ?? (await getDb());
  const before = await db.transaction(async (tx) => {
    const row = await findNewsletterSubscriberById(tx, input.data.id, { forUpdate: true });
    if (!row) return null;
    const previous = await unsubscribeNewsletterSubscriber(tx, row.id);
    if (previous === 'active' && hasMailingProvider(deps.mailing))
      await enqueueOutbox(tx, {
        kind: NEWSLETTER_UNSUBSCRIBE_KIND,
        payload: { subscriberId: row.id, email: row.email },
      });
    await audit(tx, guard.user, 'newsletter.unsubscribe', row.id, { before: previous });
    return previous;
  });
  return before ? { ok: true, data: { before } } : notFound;
}

/**
 * Sends a subscriber's current state to the mailing provider now, through the same client code as the outbox
 * (lib/mailing `runMailingJob`): an active row is synced ('newsletter.sync'), an unsubscribed one is unsubscribed
 * there; the outcome is recorded on the row (sync_status, sync_last_error). A pending row (no consent yet) has
 * nothing to send: outcome 'nothing'. With no provider configured the sync is recorded as skipped. Staff only.
 */
export async function handleResyncSubscriber(
  guard: GuardResult,
  raw: unknown,
  deps: BackOfficeDeps & { mailing?: MailingOptions } = {},
): Promise<ActionResult<{ outcome: 'synced' | 'failed' | 'nothing' }, BackOfficeError>> {
  if (!guard.ok) return refused(guard);
  const input = idInput.safeParse(raw);
  if (!input.success) return invalid;
  const db = deps.db ?? (await getDb());
  const row = await findNewsletterSubscriberById(db, input.data.id);
  if (!row) return notFound;
  if (row.status === 'pending') return { ok: true, data: { outcome: 'nothing' } };
  const payload = { subscriberId: row.id, email: row.email, locale: row.locale, source: row.source };
  const kind = row.status === 'active' ? 'newsletter.sync' : NEWSLETTER_UNSUBSCRIBE_KIND;
  const outcome = await runMailingJob({ kind, payload }, { ...deps.mailing, db });
  await audit(db, guard.user, 'newsletter.resync', row.id, { ok: outcome.ok });
  return { ok: true, data: { outcome: outcome.ok ? 'synced' : 'failed' } };
}

/** Kinds the Deliveries page neither lists nor acts on: the alerts' own records (never jobs). */
export const DELIVERY_EXCLUDED_KINDS = [OUTBOX_ALERT_KIND];

/** Retry now (an unsent item becomes due at once; a failed one gets a fresh round of retries): staff only. */
export async function handleRetryDelivery(
  guard: GuardResult,
  raw: unknown,
  deps: BackOfficeDeps = {},
): Promise<ActionResult<{ id: string }, BackOfficeError>> {
  if (!guard.ok) return refused(guard);
  const input = idInput.safeParse(raw);
  if (!input.success) return invalid;
  const row = await (deps.db ?? (await getDb())).transaction(async (tx) => {
    const done = await retryDelivery(tx, input.data.id, { exceptKinds: DELIVERY_EXCLUDED_KINDS });
    if (done) await audit(tx, guard.user, 'outbox.retry', done.id, { kind: done.kind });
    return done;
  });
  // Null: unknown, sent, an alert record, or in a worker's hands right now.
  return row ? { ok: true, data: { id: row.id } } : { ok: false, status: 409, error: 'busy' };
}

/** Give up a pending item (it will not be sent, and the failure alert leaves it out): staff only. */
export async function handleGiveUpDelivery(
  guard: GuardResult,
  raw: unknown,
  deps: BackOfficeDeps = {},
): Promise<ActionResult<{ id: string }, BackOfficeError>> {
  if (!guard.ok) return refused(guard);
  const input = idInput.safeParse(raw);
  if (!input.success) return invalid;
  const row = await (deps.db ?? (await getDb())).transaction(async (tx) => {
    const done = await giveUpDelivery(tx, input.data.id);
    if (done) await audit(tx, guard.user, 'outbox.give-up', done.id, { kind: done.kind });
    return done;
  });
  return row ? { ok: true, data: { id: row.id } } : { ok: false, status: 409, error: 'busy' };
}

export const STUDENT_CSV_HEADER = [
  'user_id',
  'name',
  'email',
  'enrolled_at',
  'enrolment_status',
  'progress_percent',
  'completed_lessons',
  'last_activity',
  'certificate_id',
  'certificate_issued_at',
] as const;

/** GET export of a course's students (admins only: pass `checkAdmin()`'s result); 422 for a malformed id. */
export async function exportCourseStudentsCsv(
  guard: GuardResult,
  courseId: unknown,
  deps: BackOfficeDeps & { supabase?: boolean } = {},
): Promise<Response> {
  if (!guard.ok) return guardResponse(guard);
  const id = z.uuid().safeParse(courseId);
  if (!id.success)
    return Response.json({ error: 'invalid' }, { status: 422, headers: { 'Cache-Control': 'no-store' } });
  const db = deps.db ?? (await getDb());
  const rows = await listCourseStudents(db, id.data, { supabase: deps.supabase });
  await audit(db, guard.user, 'course.students.export', id.data, { rows: rows.length });
  const csv = toCsv(
    STUDENT_CSV_HEADER,
    rows.map((s) => [
      s.userId,
      s.name,
      s.email,
      s.enrolledAt,
      s.status,
      s.progress,
      s.completedLessons,
      s.lastActivity,
      s.certificateId,
      s.certificateIssuedAt,
    ]),
  );
  return csvResponse('course-students', csv);
}
