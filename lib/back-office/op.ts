import 'server-only';

import type { z } from 'zod';

import type { ActionFailure } from '@/lib/action-result';
import type { AuthUser } from '@/lib/auth';
import { type Database, recordAudit } from '@/lib/db';
import type { MailingOptions } from '@/lib/mailing';

/**
 * The shape of every back-office operation (lib/back-office/ops.ts), as lib/courses/admin.ts's: the schema of its
 * input and its work on the parsed input for the signed-in member of staff. No guard and no parse inside: the
 * action pipeline (lib/safe-action.ts `action`, guard 'staff' or 'admin') checks the caller, validates the input
 * with `schema` and claims the form's request key first. A refusal of the data itself comes back as an
 * `ActionFailure<BackOfficeError>`; database errors throw (the pipeline answers 500 'server', logged).
 */

/** The refusals of the operations (the pipeline adds its own: 401, 403, 503, 422 'invalid', 429). */
export type BackOfficeError = 'invalid' | 'not-found' | 'busy' | 'no-such-user' | 'last-admin' | 'env-admin';

/** What an operation may be given instead of the defaults (tests): the database, the mailing provider, … */
export type BackOfficeDeps = {
  db?: Database;
  mailing?: MailingOptions;
  /** Where accounts live (auth.users with Supabase Auth, else local_users); default from the configuration. */
  supabase?: boolean;
  /** Sends a queued staff reply at once (default lib/mailing `sendReplyNow`). */
  sendNow?: (noteId: string) => Promise<unknown>;
};

/** The person an operation runs for: the pipeline's staff user (tests pass any account). */
export type Actor = Pick<AuthUser, 'id' | 'email'>;

export type StaffOp<S extends z.ZodType, T> = {
  schema: S;
  run: (
    input: z.output<S>,
    user: Actor,
    deps?: BackOfficeDeps,
  ) => Promise<T | ActionFailure<BackOfficeError>>;
};

/** An operation from its schema and its work. */
export function staffOp<S extends z.ZodType, T>(
  schema: S,
  run: (input: z.output<S>, user: Actor, deps: BackOfficeDeps) => Promise<T | ActionFailure<BackOfficeError>>,
): StaffOp<S, T> {
  return { schema, run: (input, user, deps = {}) => run(input, user, deps) };
}

export const notFound: ActionFailure<BackOfficeError> = { ok: false, status: 404, error: 'not-found' };
export const busy: ActionFailure<BackOfficeError> = { ok: false, status: 409, error: 'busy' };

/** The audit entry every write and export leaves (docs/ARCHITECTURE.md §5): who, what, on what, when. */
export function audit(
  db: Database,
  user: Actor,
  action: string,
  target: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(db, { actorId: user.id, actorEmail: user.email, action, target, detail });
}
