import 'server-only';

import { env } from '@/lib/config/env';
import { siteConfig } from '@/lib/config/site';
import { type Enquiry, type OutboxItem, type SideEffectOutcome, getDb, recordEnquiryForward } from '@/lib/db';

import { type EmailJobOptions, findEnquiry } from './enquiry';
import {
  ENQUIRY_ACKNOWLEDGE_KIND,
  ENQUIRY_NOTIFY_KIND,
  enquiryBackOfficeUrl,
  runAcknowledgementJob,
  runStaffNoticeJob,
} from './enquiry-notices';
import { type EmailMessage, buildEnquiryEmail } from './message';
import { sendEmail } from './send';

export { type EmailJobOptions, findEnquiry } from './enquiry';

/** Outbox kind of an enquiry's forward; payload `{ enquiryId }`. */
export const ENQUIRY_FORWARD_KIND = 'enquiry.forward';
/**
 * Outbox kinds handled by `runEmailJob`: the forward to the team, staff replies ('enquiry.reply'), the optional
 * acknowledgement to the sender ('enquiry.acknowledge') and notices to staff ('enquiry.notify').
 */
export const EMAIL_JOB_KINDS = [
  ENQUIRY_FORWARD_KIND,
  'enquiry.reply',
  ENQUIRY_ACKNOWLEDGE_KIND,
  ENQUIRY_NOTIFY_KIND,
] as const;

/**
 * The message forwarding a stored enquiry to ENQUIRY_TO (default the general contact email), reply-to the sender,
 * with the link to the enquiry's back-office page (SITE_URL, English back office).
 */
export function enquiryEmail(enquiry: Enquiry): EmailMessage {
  const site = siteConfig();
  return buildEnquiryEmail(enquiry, {
    to: env().ENQUIRY_TO ?? site.emails.general,
    siteName: site.name,
    backOfficeUrl: enquiryBackOfficeUrl(enquiry.id),
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs one 'enquiry.forward' outbox item: loads the enquiry named by `payload.enquiryId`, emails it to the team
 * (`sendEmail`: SMTP, or the outbox table itself when SMTP_URL is unset) and records the attempt on the enquiry
 * (`recordEnquiryForward`: forward_status sent/failed, attempts, last error). An enquiry already forwarded is not
 * sent again (success). The caller (lib/mailing/outbox) then marks the outbox item with the returned outcome.
 * Never throws: a malformed payload, a missing enquiry or a database error is a failed outcome.
 */
export async function runEmailJob(
  item: Pick<OutboxItem, 'id' | 'kind' | 'payload'>,
  options: EmailJobOptions = {},
): Promise<SideEffectOutcome & { final?: boolean }> {
  if (item.kind === ENQUIRY_ACKNOWLEDGE_KIND) return runAcknowledgementJob(item, options);
  if (item.kind === ENQUIRY_NOTIFY_KIND) return runStaffNoticeJob(item, options);
  if (item.kind === 'enquiry.reply') {
    const { runEnquiryReplyJob } = await import('./reply-job');
    return runEnquiryReplyJob(item, options);
  }
  if (item.kind !== ENQUIRY_FORWARD_KIND)
    return { ok: false, error: `email: unknown job kind ${item.kind.slice(0, 60)}` };
  const enquiryId = item.payload?.enquiryId;
  if (typeof enquiryId !== 'string' || !UUID.test(enquiryId))
    return { ok: false, error: 'enquiry.forward: payload lacks a valid enquiryId' };
  try {
    const db = options.db ?? (await getDb());
    const enquiry = await findEnquiry(db, enquiryId);
    if (!enquiry) return { ok: false, error: `enquiry.forward: enquiry ${enquiryId} not found` };
    if (enquiry.forwardStatus === 'sent') return { ok: true };
    const outcome = await sendEmail(enquiryEmail(enquiry), {
      smtpUrl: options.smtpUrl,
      from: options.from,
      reference: `outbox ${item.id} (enquiry ${enquiry.id})`,
    });
    const result: SideEffectOutcome = outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
    await recordEnquiryForward(db, enquiry.id, result);
    return result;
  } catch (error) {
    return {
      ok: false,
      error: `enquiry.forward: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
    };
  }
}
