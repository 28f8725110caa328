import 'server-only';

import { z } from 'zod';

import { GUARD_FIELDS } from '@/lib/action-result';
import type { ActionFailure } from '@/lib/action-result';
import { env } from '@/lib/config/env';
import { enqueueOutbox, getDb, insertEnquiryOnce } from '@/lib/db';
import { formTokenId } from '@/lib/forms/token';
import {
  ENQUIRY_ACKNOWLEDGE_KIND,
  ENQUIRY_FORWARD_KIND,
  type EmailJobOptions,
  ENQUIRY_FORWARD_GRACE_SECONDS,
  forwardEnquiryNow,
} from '@/lib/mailing';
import type { ActionContext, ActionDefinition } from '@/lib/safe-action';

import { contactSchema, forwardSchema } from './schema';

/**
 * The server's contact schema: the form's fields (the browser's schema) plus the fill-time token the pipeline has
 * already verified, which keys the stored enquiry (one enquiry per token: `handleSubmitEnquiry`).
 */
const contactServerSchema = contactSchema.extend({
  [GUARD_FIELDS.token]: z.string().max(200).optional(),
});

/** The contact form (docs/SPEC-NOTES.md §5): spam guard and the per-client submission limit of every public form. */
export const contactForm: ActionDefinition<typeof contactServerSchema> = {
  name: 'contact',
  schema: contactServerSchema,
};

/**
 * The forward step: no spam guard (it sends nothing new: only an enquiry that was saved and not yet forwarded,
 * named by its unguessable id), its own rate limit so that retries cannot use up the submission limit.
 */
export const forwardForm: ActionDefinition<typeof forwardSchema, 'public'> = {
  name: 'contact-forward',
  schema: forwardSchema,
  guard: 'public',
};

/**
 * Test seams: the database and SMTP URL (default getDb() and SMTP_URL), and whether to acknowledge the sender
 * (default ENQUIRY_ACKNOWLEDGEMENT=1).
 */
export type ContactHandlerOptions = EmailJobOptions & { acknowledge?: boolean };

/**
 * Saves an enquiry (docs/SPEC-NOTES.md §7 insert into enquiries) and its 'enquiry.forward' outbox item in ONE transaction, so
 * that a saved enquiry always has a forward on its way (docs/ARCHITECTURE.md §5). The item becomes due for the worker after
 * ENQUIRY_FORWARD_GRACE_SECONDS; the browser asks for the forward straight away (`handleForwardEnquiry`). With
 * ENQUIRY_ACKNOWLEDGEMENT=1 an 'enquiry.acknowledge' item (the automatic acknowledgement to the sender) is queued in
 * the same transaction. Text is stored verbatim (trimmed), as data: Drizzle binds parameters, nothing is ever
 * interpreted.
 *
 * One enquiry per form token (issue 34, D20): the row is keyed `contact:<token id>`. A retried request with the
 * same token and the same fields (the answer was lost, the button pressed twice) stores and queues nothing and is
 * answered with the first enquiry's id, the same success; the same token with different fields is refused
 * 'expired' (the spec's 'please try again' message; the browser fetches a fresh token and sends again), so a
 * second message is never swallowed. A submission without a token id (tests) is saved unkeyed.
 * @returns the enquiry's id. @throws on a database error (the wrapper answers 500 'server': not saved).
 */
export async function handleSubmitEnquiry(
  input: z.output<typeof contactServerSchema>,
  ctx: ActionContext,
  options: ContactHandlerOptions = {},
): Promise<{ enquiryId: string } | ActionFailure> {
  const db = options.db ?? (await getDb());
  const { [GUARD_FIELDS.token]: token, ...fields } = input;
  const tokenId = formTokenId(token, contactForm.name);
  const acknowledge = options.acknowledge ?? env().ENQUIRY_ACKNOWLEDGEMENT === '1';
  const outcome = await db.transaction(async (tx) => {
    const { enquiry, created } = await insertEnquiryOnce(tx, {
      ...fields,
      locale: ctx.locale,
      submissionKey: `contact:${tokenId ?? crypto.randomUUID()}`,
    });
    if (!created) return { enquiry, created };
    await enqueueOutbox(tx, {
      kind: ENQUIRY_FORWARD_KIND,
      payload: { enquiryId: enquiry.id },
      delaySeconds: ENQUIRY_FORWARD_GRACE_SECONDS,
    });
    if (acknowledge)
      await enqueueOutbox(tx, { kind: ENQUIRY_ACKNOWLEDGE_KIND, payload: { enquiryId: enquiry.id } });
    return { enquiry, created };
  });
  const { enquiry, created } = outcome;
  if (!created) {
    const same =
      enquiry.name === fields.name &&
      enquiry.email === fields.email.trim() &&
      enquiry.message === fields.message;
    if (!same) return { ok: false, status: 400, error: 'expired' };
  }
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
