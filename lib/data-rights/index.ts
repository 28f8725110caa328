import 'server-only';

import { z } from 'zod';

import { authKind } from '@/lib/auth/config';
import {
  type SupabaseAccount,
  type SupabaseAdminOptions,
  deleteSupabaseUser,
  findSupabaseAccount,
} from '@/lib/auth/supabase-admin';
import { env } from '@/lib/config/env';
import {
  type Database,
  type ErasedCounts,
  type PersonalDataRows,
  type PersonalTable,
  claimUntriedOutboxItem,
  deleteOutboxItem,
  enqueueOutbox,
  erasePersonalData,
  findLocalUserId,
  getDb,
  markOutbox,
  normaliseEmail,
  recordAudit,
  selectPersonalData,
  selectRoleNames,
  vacuumPersonalTables,
} from '@/lib/db';
import { errorFields, logger } from '@/lib/log';
import { MAILING_FORGET_KIND, type MailingOptions, forgetContact, hasMailingProvider } from '@/lib/mailing';

import { deleteMailCopiesAbout } from './mail-folder';
import { type OwnPersonalDataExport, selfServiceExport } from './self-service';

/**
 * UK GDPR data rights (issue 17 item 7): find everything the site holds about one person by email address, export
 * it as JSON (right of access, portability), and erase it (right to erasure). Used by the admin page
 * `/admin/data-rights` (any person) and by `/dashboard` (the signed-in person's own data only). The callers check
 * who may ask; this module trusts the email it is given. Retention lives in ./retention.ts.
 */

export { deleteMailCopiesAbout, pruneMailFolder } from './mail-folder';
export { purgeExpiredSubmissions, retentionCutoffs, retentionPeriods } from './retention';
export type { RetentionOptions, RetentionPeriods } from './retention';
export { SELF_EXPORT_SCOPE, selfServiceExport } from './self-service';
export type { OwnPersonalDataExport } from './self-service';

/** An email address as the data-rights forms take it (trimmed, lower-cased, at most 254 characters). */
export const personEmailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

export interface DataRightsOptions {
  /** Database; default `getDb()`. */
  db?: Database;
  /** Mailing provider settings; default from the environment. */
  mailing?: MailingOptions;
  /**
   * Supabase Auth admin API (URL and service-role key); default from the environment when accounts are Supabase's
   * (null: local accounts only).
   */
  supabase?: SupabaseAdminOptions | null;
  /**
   * The signed-in person's own user id, when they ask about themselves: their rows are then found by it even where
   * the admin API cannot be asked (Supabase accounts without SUPABASE_SERVICE_ROLE_KEY: the export still works).
   */
  ownUserId?: string;
  /** ADMIN_EMAILS (lower-cased); default from the environment. */
  adminEmails?: readonly string[];
  /** The mail folder whose copies about the person an erasure deletes; default MAIL_DIR (./mail-folder.ts). */
  mailDir?: string;
}

/** The export: a versioned JSON document of every row about the person (no password hash, no token). */
export interface PersonalDataExport extends PersonalDataRows {
  format: 'personal-data-export/1';
  generatedAt: string;
  email: string;
  /** The Supabase Auth account, when accounts are Supabase's and one has this address. */
  supabaseAccount: SupabaseAccount | null;
}

function supabaseOptions(options: DataRightsOptions): SupabaseAdminOptions | null {
  if (options.supabase !== undefined) return options.supabase;
  if (authKind() !== 'supabase') return null;
  const e = env();
  return e.SUPABASE_SERVICE_ROLE_KEY
    ? { url: e.NEXT_PUBLIC_SUPABASE_URL!, serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY }
    : null;
}

/** Whether accounts are Supabase's but no service-role key is set (the account part cannot be reached). */
function supabaseUnreachable(options: DataRightsOptions): boolean {
  return options.supabase === undefined && authKind() === 'supabase' && !env().SUPABASE_SERVICE_ROLE_KEY;
}

async function resolvePerson(
  db: Database,
  email: string,
  options: DataRightsOptions,
  { needAccount }: { needAccount: boolean },
) {
  const supabase = supabaseOptions(options);
  if (supabaseUnreachable(options) && (needAccount || !options.ownUserId))
    throw new DataRightsError('supabase-key-missing');
  const [localId, supabaseAccount] = await Promise.all([
    findLocalUserId(db, email),
    supabase ? findSupabaseAccount(supabase, email) : Promise.resolve(null),
  ]);
  const userIds = [...new Set([localId, supabaseAccount?.id, options.ownUserId])].filter((id): id is string =>
    Boolean(id),
  );
  return { keys: { email, userIds }, supabaseAccount, supabase };
}

/** Why a data-rights call could not be done (the page shows a translated message for each). */
export class DataRightsError extends Error {
  constructor(readonly code: 'supabase-key-missing' | 'account-delete-failed' | 'holds-role') {
    super(`data rights: ${code}`);
    this.name = 'DataRightsError';
  }
}

/**
 * Everything held about `email` (see `PersonalDataRows`), plus the Supabase account when accounts are Supabase's.
 * @throws DataRightsError 'supabase-key-missing' (Supabase accounts without SUPABASE_SERVICE_ROLE_KEY, unless
 * `ownUserId` is given), or on a database or Supabase error.
 */
export async function exportPersonalData(
  rawEmail: string,
  options: DataRightsOptions = {},
): Promise<PersonalDataExport> {
  const email = normaliseEmail(rawEmail);
  const db = options.db ?? (await getDb());
  const { keys, supabaseAccount } = await resolvePerson(db, email, options, { needAccount: false });
  const rows = await selectPersonalData(db, keys);
  return {
    format: 'personal-data-export/1',
    generatedAt: new Date().toISOString(),
    email,
    supabaseAccount,
    ...rows,
  };
}

/**
 * What the signed-in person downloads about themselves (their own address and account id): the self-service view
 * of `exportPersonalData` (./self-service.ts: no internal notes, staff identities or delivery errors). The
 * caller passes the session's address and id, never a parameter. @throws as `exportPersonalData`.
 */
export async function exportOwnPersonalData(
  rawEmail: string,
  options: DataRightsOptions & { ownUserId: string },
): Promise<OwnPersonalDataExport> {
  const data = await exportPersonalData(rawEmail, options);
  return selfServiceExport(data.email, data, data.supabaseAccount, new Date(data.generatedAt));
}

/** How many rows of each kind an export holds (the admin page's summary). */
export function exportCounts(data: PersonalDataExport): Record<keyof PersonalDataRows, number> & {
  supabaseAccount: number;
} {
  return {
    enquiries: data.enquiries.length,
    enquiryNotes: data.enquiryNotes.length,
    registrations: data.registrations.length,
    newsletter: data.newsletter.length,
    accounts: data.accounts.length,
    sessions: data.sessions.length,
    roles: data.roles.length,
    enrolments: data.enrolments.length,
    progress: data.progress.length,
    certificates: data.certificates.length,
    outbox: data.outbox.length,
    supabaseAccount: data.supabaseAccount ? 1 : 0,
  };
}

/** Whether the export holds nothing at all. */
export function isEmptyExport(data: PersonalDataExport): boolean {
  return Object.values(exportCounts(data)).every((n) => n === 0);
}

/** The export as a download: file name without the address (it would sit in the browser's download list). */
export function exportFileName(now: Date = new Date()): string {
  return `personal-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * The export as a download: JSON, `Content-Disposition: attachment` (file name without the address), never cached
 * or stored by a browser or proxy (`private, no-store`).
 */
export function exportResponse(data: PersonalDataExport | OwnPersonalDataExport): Response {
  return new Response(JSON.stringify(data, null, 2), {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName()}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** Who asks: the admin (or, for their own account, the person). */
export type Actor = { id: string; email: string };

/** The audit entry's actor for a person deleting their own account: their address would outlive the erasure. */
export const SELF_SERVICE_ACTOR = 'account holder (self-service)';

/**
 * Records an admin's export in the audit trail (admin_audit 'person.export', no target: the exported address is
 * personal data). @throws on a database error (the caller then refuses the export).
 */
export async function auditExport(actor: Actor, db?: Database): Promise<void> {
  await recordAudit(db ?? (await getDb()), {
    actorId: actor.id,
    actorEmail: actor.email,
    action: 'person.export',
    target: null,
  });
}

/** What an erasure did. */
export interface EraseResult {
  counts: ErasedCounts;
  /** The Supabase Auth user was deleted ('deleted'), or there was none ('none'). */
  supabaseAccount: 'deleted' | 'none';
  /**
   * The mailing provider: told now ('forgotten'), queued for the outbox worker's retries after a failure ('queued'),
   * or none configured ('none').
   */
  provider: 'forgotten' | 'queued' | 'none';
  /** How many `.eml` copies about the person were deleted from the mail folder (./mail-folder.ts). */
  mailCopies: number;
}

/**
 * Erases everything held about `email`: the Supabase Auth user first (if it cannot be deleted nothing else is, so
 * the erasure can simply be asked again), then in one transaction every row (`erasePersonalData`: deleted, or
 * certificates anonymised and revoked) together with a 'mailing.forget' outbox item when a mailing provider is
 * configured; that item is then run at once and deleted when done, else left to the worker's retries. The audit
 * entry (admin_audit: who, 'person.erase' or 'account.delete', the counts; never the erased address) is written in
 * the same transaction. `actor`: the admin, or with `self` the person deleting their own account (recorded
 * without their address, which must not outlive the erasure). An account that holds a back-office role (a
 * user_roles row, or an address in ADMIN_EMAILS) is refused before anything is deleted: it must be demoted first on
 * the staff page, where the last admin cannot be removed (setRoleByEmail), so no erasure can take away the last
 * admin or a colleague's access in one irreversible step.
 * @throws DataRightsError ('supabase-key-missing', 'account-delete-failed', 'holds-role'), or on a database
 * error.
 */
export async function erasePerson(
  rawEmail: string,
  { actor, self = false, ...options }: DataRightsOptions & { actor: Actor; self?: boolean },
): Promise<EraseResult> {
  const email = normaliseEmail(rawEmail);
  const db = options.db ?? (await getDb());
  const { keys, supabaseAccount, supabase } = await resolvePerson(db, email, options, { needAccount: true });
  const envAdmins = options.adminEmails ?? env().ADMIN_EMAILS ?? [];
  if (envAdmins.includes(email) || (await selectRoleNames(db, keys.userIds)).length)
    throw new DataRightsError('holds-role');
  if (supabaseAccount && supabase) {
    const deleted = await deleteSupabaseUser(supabase, supabaseAccount.id);
    if (!deleted.ok) {
      logger().error({ component: 'data-rights', code: deleted.error }, 'Supabase user not deleted');
      throw new DataRightsError('account-delete-failed');
    }
  }
  const tellProvider = hasMailingProvider(options.mailing);
  let enquiryIds: string[] = [];
  const counts = await erasePersonalData(db, keys, async (tx, erased, rows) => {
    enquiryIds = rows.enquiryIds;
    if (tellProvider) await enqueueOutbox(tx, { kind: MAILING_FORGET_KIND, payload: { email } });
    await recordAudit(tx, {
      actorId: self ? null : actor.id,
      actorEmail: self ? SELF_SERVICE_ACTOR : actor.email,
      action: self ? 'account.delete' : 'person.erase',
      target: null,
      detail: { ...erased, supabaseAccount: supabaseAccount ? 'deleted' : 'none' },
    });
  });
  const provider = tellProvider ? await forgetNow(db, email, options.mailing) : 'none';
  const mailCopies = await leaveNoCopy(db, email, enquiryIds, erasedTables(counts), options.mailDir);
  logger().info({ component: 'data-rights', self, counts, provider, mailCopies }, 'personal data erased');
  return { counts, supabaseAccount: supabaseAccount ? 'deleted' : 'none', provider, mailCopies };
}

/** The tables an erasure deleted from or rewrote, by its counts (the outbox always: the provider's item). */
function erasedTables(counts: ErasedCounts): PersonalTable[] {
  const tables: PersonalTable[] = ['outbox'];
  if (counts.enquiries) tables.push('enquiries', 'enquiry_notes');
  if (counts.registrations) tables.push('volunteers');
  if (counts.newsletter) tables.push('newsletter_subscribers');
  if (counts.accounts) tables.push('local_users', 'local_sessions', 'local_email_tokens');
  if (counts.roles) tables.push('user_roles');
  if (counts.enrolments) tables.push('course_enrollments');
  if (counts.progress) tables.push('user_course_progress');
  if (counts.certificatesRevoked) tables.push('course_certificates');
  return tables;
}

/**
 * After an erasure (D6): VACUUM FULL the personal tables (`vacuumPersonalTables`: the deleted rows' bytes leave
 * the database files) and delete the mail folder's copies about the address or naming one of the erased
 * enquiries (a notice to staff links the enquiry by its id). The rows are already gone, so a
 * failure here is logged, never thrown. @returns how many mail copies were deleted.
 */
async function leaveNoCopy(
  db: Database,
  email: string,
  enquiryIds: string[],
  tables: PersonalTable[],
  mailDir: string | undefined,
): Promise<number> {
  try {
    await vacuumPersonalTables(db, tables);
  } catch (error) {
    logger().error({ component: 'data-rights', ...errorFields(error) }, 'vacuum after erasure failed');
  }
  try {
    return await deleteMailCopiesAbout(email, { mailDir, alsoNaming: enquiryIds });
  } catch (error) {
    logger().error({ component: 'data-rights', ...errorFields(error) }, 'mail copies not deleted');
    return 0;
  }
}

/** Runs the erasure's 'mailing.forget' item now; done → the row goes, failed → the worker retries it. */
async function forgetNow(
  db: Database,
  email: string,
  mailing: MailingOptions | undefined,
): Promise<'forgotten' | 'queued'> {
  try {
    const item = await claimUntriedOutboxItem(db, {
      kind: MAILING_FORGET_KIND,
      payloadKey: 'email',
      value: email,
    });
    if (!item) return 'queued';
    const outcome = await forgetContact(email, mailing);
    if (outcome.ok) {
      await deleteOutboxItem(db, item.id);
      return 'forgotten';
    }
    await markOutbox(db, item, outcome);
    return 'queued';
  } catch (error) {
    logger().error({ component: 'data-rights', ...errorFields(error) }, 'provider erase not run now');
    return 'queued';
  }
}
