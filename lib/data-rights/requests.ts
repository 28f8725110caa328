import 'server-only';

import { z } from 'zod';

import { londonDay } from '@/lib/utils/format';

import {
  DATA_RIGHTS_REQUEST_ACTION,
  DATA_RIGHTS_REQUEST_CLOSE_ACTION,
  type Database,
  findOpenDataRightsRequest,
  getDb,
  recordAudit,
  selectDataRightsRequests,
} from '@/lib/db';

import {
  IDENTITY_CHECKS,
  type IdentityCheck,
  REQUESTERS,
  REQUEST_KINDS,
  REQUEST_OUTCOMES,
  type RequestKind,
  type RequestOutcome,
  type Requester,
  requestDueOn,
} from './shared';

/**
 * The data-rights request log (D14 of the back-office review; docs/DATA-RIGHTS.md "Request log"): who asked
 * (the person or a representative), for what, how their identity was checked, when it was received and the
 * one-month deadline, and how it ended. Kept in the audit trail (admin_audit 'data-rights.request' and
 * 'data-rights.request.close' targeting it), append-only like every audit entry, and without the person's
 * address or name: the log must outlive an erasure, and it is evidence of how the charity answered, not a second
 * copy of the person. The admin finds the person through the look-up; the log says that a request was handled
 * in time.
 */

/** A UK calendar day 'YYYY-MM-DD' that is a real date. */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  );

/** The log form: what was asked, by whom, how identity was checked, the day received (not in the future). */
export const logRequestSchema = z.object({
  kind: z.enum(REQUEST_KINDS),
  requester: z.enum(REQUESTERS),
  identityCheck: z.enum(IDENTITY_CHECKS),
  receivedOn: day.refine((v) => v <= ukToday(), { message: 'future' }),
});

/** Closing a logged request: its id and how it ended. */
export const closeRequestSchema = z.object({ id: z.uuid(), outcome: z.enum(REQUEST_OUTCOMES) });

/** One request of the log, as the page shows it. */
export interface DataRightsRequest {
  id: string;
  kind: RequestKind;
  requester: Requester;
  identityCheck: IdentityCheck;
  receivedOn: string;
  dueOn: string;
  loggedBy: string;
  loggedAt: Date;
  closedAt: Date | null;
  closedBy: string | null;
  outcome: RequestOutcome | null;
  /** Still open after its due day (UK time). */
  overdue: boolean;
}

/** Today in the UK, 'YYYY-MM-DD'. */
export function ukToday(now: Date = new Date()): string {
  return londonDay(now);
}

type Actor = { id: string; email: string };

/** Logs a request (audit entry 'data-rights.request', no target, no personal data). @throws on a database error. */
export async function logDataRightsRequest(
  input: z.output<typeof logRequestSchema>,
  actor: Actor,
  db?: Database,
): Promise<void> {
  await recordAudit(db ?? (await getDb()), {
    actorId: actor.id,
    actorEmail: actor.email,
    action: DATA_RIGHTS_REQUEST_ACTION,
    target: null,
    detail: { ...input, dueOn: requestDueOn(input.receivedOn) },
  });
}

/**
 * Closes a logged, still open request (audit entry 'data-rights.request.close' targeting it).
 * @returns false when there is no such open request. @throws on a database error.
 */
export async function closeDataRightsRequest(
  input: z.output<typeof closeRequestSchema>,
  actor: Actor,
  db?: Database,
): Promise<boolean> {
  const conn = db ?? (await getDb());
  if (!(await findOpenDataRightsRequest(conn, input.id))) return false;
  await recordAudit(conn, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: DATA_RIGHTS_REQUEST_CLOSE_ACTION,
    target: input.id,
    detail: { outcome: input.outcome },
  });
  return true;
}

const asOne = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** The latest requests, newest first, with their deadline and whether they are overdue. @throws on a database error. */
export async function listDataRightsRequests({
  db,
  now = new Date(),
  limit = 100,
}: { db?: Database; now?: Date; limit?: number } = {}): Promise<DataRightsRequest[]> {
  const rows = await selectDataRightsRequests(db ?? (await getDb()), limit);
  const today = ukToday(now);
  return rows.map((row) => {
    const d = row.detail;
    const receivedOn = typeof d.receivedOn === 'string' ? d.receivedOn : ukToday(row.loggedAt);
    const dueOn = typeof d.dueOn === 'string' ? d.dueOn : requestDueOn(receivedOn);
    const outcome = row.closeDetail ? asOne(REQUEST_OUTCOMES, row.closeDetail.outcome, 'done') : null;
    return {
      id: row.id,
      kind: asOne(REQUEST_KINDS, d.kind, 'other'),
      requester: asOne(REQUESTERS, d.requester, 'self'),
      identityCheck: asOne(IDENTITY_CHECKS, d.identityCheck, 'other'),
      receivedOn,
      dueOn,
      loggedBy: row.loggedBy,
      loggedAt: row.loggedAt,
      closedAt: row.closedAt,
      closedBy: row.closedBy,
      outcome,
      overdue: !row.closedAt && today > dueOn,
    };
  });
}
