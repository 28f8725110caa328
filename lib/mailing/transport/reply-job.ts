import 'server-only';

import { namespaceTranslator } from '@/i18n/messages';
import { siteConfig } from '@/lib/config/site';
import { type OutboxItem, type SideEffectOutcome, findEnquiryNote, getDb } from '@/lib/db';

import { type EmailJobOptions, findEnquiry } from './enquiry';
import { buildEnquiryReplyEmail } from './message';
import { enquiryReplyTo } from './reply-address';
import { sendEmail } from './send';

/** Outbox kind of a staff reply to an enquiry; payload `{ enquiryId, noteId }` (the reply text stays in enquiry_notes). */
export const ENQUIRY_REPLY_KIND = 'enquiry.reply';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs one 'enquiry.reply' outbox item: loads the reply (enquiry_notes, kind 'reply') and its enquiry, and emails
 * the reply to the enquiry's sender in the language they wrote in (messages admin.replyEmail), reply-to the enquiry's
 * own inbound address when inbound mail is configured (./reply-address.ts), else ENQUIRY_TO (else the general
 * contact email). Without SMTP_URL the message goes to the mail folder like all mail
 * (lib/mailing/transport/send.ts). Never throws: a malformed payload, a missing row or a database error is a failed outcome.
 */
export async function runEnquiryReplyJob(
  item: Pick<OutboxItem, 'id' | 'kind' | 'payload'>,
  options: EmailJobOptions = {},
): Promise<SideEffectOutcome> {
  const { enquiryId, noteId } = item.payload ?? {};
  if (
    typeof enquiryId !== 'string' ||
    !UUID.test(enquiryId) ||
    typeof noteId !== 'string' ||
    !UUID.test(noteId)
  ) {
    return { ok: false, error: 'enquiry.reply: payload lacks a valid enquiryId and noteId' };
  }
  try {
    const db = options.db ?? (await getDb());
    const [enquiry, note] = await Promise.all([findEnquiry(db, enquiryId), findEnquiryNote(db, noteId)]);
    if (!enquiry || !note || note.kind !== 'reply' || note.enquiryId !== enquiry.id) {
      return { ok: false, error: `enquiry.reply: reply ${noteId} of enquiry ${enquiryId} not found` };
    }
    const site = siteConfig();
    const t = await namespaceTranslator(enquiry.locale, 'admin.replyEmail');
    const message = buildEnquiryReplyEmail(
      {
        to: enquiry.email,
        body: note.body,
        original: enquiry.message,
        replyTo: enquiryReplyTo(enquiry.id, site.emails.general),
      },
      {
        subject: t('subject', { siteName: site.name }),
        greeting: t('greeting', { name: enquiry.name }),
        signOff: t('signOff', { siteName: site.name }),
        quoteIntro: t('quoteIntro'),
      },
    );
    const outcome = await sendEmail(message, {
      smtpUrl: options.smtpUrl,
      from: options.from,
      mailDir: options.mailDir,
      reference: `outbox ${item.id} (reply to enquiry ${enquiry.id})`,
    });
    return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
  } catch (error) {
    return {
      ok: false,
      error: `enquiry.reply: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
    };
  }
}
