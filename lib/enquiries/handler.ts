import 'server-only';

import type { z } from 'zod';

import { enqueueOutbox, getDb, insertEnquiry } from '@/lib/db';
import { ENQUIRY_FORWARD_KIND, type EmailJobOptions } from '@/lib/mailing';
import { ENQUIRY_FORWARD_GRACE_SECONDS, forwardEnquiryNow } from '@/lib/mailing';

import type { ActionContext, ActionDefinition } from '@/lib/safe-action';
import { contactSchema, forwardSchema } from './schema';
import type { ActionFailure } from '@/lib/action-result';

/** The contact form (docs/SPEC-NOTES.md §5): spam guard and the per-client submission limit of every public form. */
export const contactForm: ActionDefinition<typeof contactSchema> = { name: 'contact', schema: contactSchema };

/**
 * The forward step: no spam guard (it sends nothing new: only an enquiry that was saved and not yet forwarded,
 * named by its unguessable id), its own rate limit so that retries cannot use up the submission limit.
 */
export const forwardForm: ActionDefinition<typeof forwardSchema, 'public'> = {
  name: 'contact-forward',
  schema: forwardSchema,
  guard: 'public',
};

/** Test seams: the database and SMTP URL (default getDb() and SMTP_URL). */
export type ContactHandlerOptions = EmailJobOptions;

/**
 * Saves an enquiry (docs/SPEC-NOTES.md §7 insert into enquiries) and its 'enquiry.forward' outbox item in ONE transaction, so
 * that a saved enquiry always has a forward on its way (docs/ARCHITECTURE.md §5). The item becomes due for the worker after
 * ENQUIRY_FORWARD_GRACE_SECONDS; the browser asks for the forward straight away (`handleForwardEnquiry`).
 * Text is stored verbatim (trimmed), as data: Drizzle binds parameters, nothing is ever interpreted.
 * @returns the new enquiry's id. @throws on a database error (the wrapper answers 500 'server': not saved).
 */
export async function handleSubmitEnquiry(
  input: z.output<typeof contactSchema>,
  ctx: ActionContext,
  options: ContactHandlerOptions = {},
): Promise<{ enquiryId: string }> {
  const db = options.db ?? (await getDb());
  const enquiry = await db.transaction(async (tx) => {
    const row = await insertEnquiry(tx, { ...input, locale: ctx.locale });
    await enqueueOutbox(tx, {
      kind: ENQUIRY_FORWARD_KIND,
      payload: { enquiryId: row.id },
      delaySeconds: ENQUIRY_FORWARD_GRACE_SECONDS,
    });
    return row;
  });
  return { enquiryId: enquiry.id };
}

/**
 * Forwards a saved enquiry by email now (docs/SPEC-NOTES.md §4 'forwarded'), through its outbox item (`forwardEnquiryNow`).
 * @returns `{ forwarded: true }` when it was emailed (now or before), `{ forwarded: false }` when it was not
 * (it stays saved and pending in the outbox; the worker retries), or a 400 failure for an unknown id.
 */
export async function handleForwardEnquiry(
  input: z.output<typeof forwardSchema>,
  _ctx: ActionContext,
  options: ContactHandlerOptions = {},
): Promise<{ forwarded: boolean } | ActionFailure> {
  const status = await forwardEnquiryNow(input.enquiryId, options);
  if (status === 'not-found') return { ok: false, status: 400, error: 'invalid' };
  return { forwarded: status === 'forwarded' };
}
