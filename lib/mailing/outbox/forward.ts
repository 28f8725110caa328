import 'server-only';

import { claimUntriedOutboxItem, getDb, markOutbox } from '@/lib/db';
import {
  ENQUIRY_FORWARD_KIND,
  ENQUIRY_REPLY_KIND,
  type EmailJobOptions,
  findEnquiry,
  runEmailJob,
} from '@/lib/mailing/transport';

/**
 * How long after an enquiry is saved its 'enquiry.forward' outbox item becomes due for the worker: the browser
 * asks for the forward straight after the save (`forwardEnquiryNow`), and the worker must not send the same
 * message meanwhile. If the browser never asks (tab closed, network gone), the worker sends it after this.
 */
export const ENQUIRY_FORWARD_GRACE_SECONDS = 60;

export type ForwardStatus =
  /** Emailed now, or earlier. */
  | 'forwarded'
  /** This attempt failed; the item stays pending with last_error and the worker retries it. */
  | 'failed'
  /** Not attempted now: the worker holds the item, or it was given up; the enquiry stays saved. */
  | 'pending'
  /** No enquiry has that id. */
  | 'not-found';

/**
 * Forwards a saved enquiry now, through its outbox item (the contact form's second step, docs/SPEC-NOTES.md §4 'forwarded'):
 * only an enquiry not yet forwarded, and only if its item has not been tried (so a replayed call cannot send the
 * email twice). The outcome is recorded on the item (`markOutbox`: sent, or pending with last_error for the
 * worker's retries) and on the enquiry. Never throws for a failed send; database errors do throw (the action
 * wrapper turns them into a 500 that the browser shows as the saved-but-not-emailed warning).
 */
export async function forwardEnquiryNow(
  enquiryId: string,
  options: EmailJobOptions = {},
): Promise<ForwardStatus> {
  const db = options.db ?? (await getDb());
  const enquiry = await findEnquiry(db, enquiryId);
  if (!enquiry) return 'not-found';
  if (enquiry.forwardStatus === 'sent') return 'forwarded';
  const item = await claimUntriedOutboxItem(db, {
    kind: ENQUIRY_FORWARD_KIND,
    payloadKey: 'enquiryId',
    value: enquiryId,
  });
  if (!item) return 'pending';
  const outcome = await runEmailJob(item, { ...options, db });
  await markOutbox(db, item, outcome);
  return outcome.ok ? 'forwarded' : 'failed';
}

/**
 * Sends a staff reply now, through its 'enquiry.reply' outbox item (saved with the reply,
 * lib/back-office/inbox.ts), so the person gets it at once rather than at the worker's next round; only an item
 * not tried yet (a second call sends nothing). The outcome is recorded on the item; on failure the worker retries it. Never throws for a
 * failed send; database errors do throw (the caller, after its commit, catches them: the reply stays queued).
 */
export async function sendReplyNow(noteId: string, options: EmailJobOptions = {}): Promise<ForwardStatus> {
  const db = options.db ?? (await getDb());
  const item = await claimUntriedOutboxItem(db, {
    kind: ENQUIRY_REPLY_KIND,
    payloadKey: 'noteId',
    value: noteId,
  });
  if (!item) return 'pending';
  const outcome = await runEmailJob(item, { ...options, db });
  await markOutbox(db, item, outcome);
  return outcome.ok ? 'forwarded' : 'failed';
}
