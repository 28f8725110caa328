import 'server-only';

import { namespaceTranslator } from '@/i18n/messages';
import { localizedPath } from '@/i18n/paths';
import { toLocale } from '@/i18n/routing';
import { siteConfig } from '@/lib/config/site';
import { type OutboxItem, type SideEffectOutcome, getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/utils/format';

import { type EmailJobOptions, findEnquiry } from './enquiry';
import { buildAcknowledgementEmail, buildStaffNoticeEmail, oneLineText } from './message';
import { enquiryReplyTo } from './reply-address';
import { sendEmail } from './send';

/** Outbox kind of the optional acknowledgement to an enquiry's sender (ENQUIRY_ACKNOWLEDGEMENT=1); payload `{ enquiryId }`. */
export const ENQUIRY_ACKNOWLEDGE_KIND = 'enquiry.acknowledge';
/**
 * Outbox kind of a notice to a member of staff about an enquiry; payload
 * `{ enquiryId, to, reason: 'assigned' | 'answered', locale, by? }` (`to`: the staff address; `by`: who assigned it).
 */
export const ENQUIRY_NOTIFY_KIND = 'enquiry.notify';
export const STAFF_NOTICE_REASONS = ['assigned', 'answered'] as const;
export type StaffNoticeReason = (typeof STAFF_NOTICE_REASONS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The absolute address of the enquiry's back-office page in `locale` (SITE_URL + /{locale}/admin/enquiries/{id}). */
export function enquiryBackOfficeUrl(enquiryId: string, locale = 'en'): string {
  return new URL(
    localizedPath(toLocale(locale), `/admin/enquiries/${enquiryId}`),
    siteConfig().url,
  ).toString();
}

function failed(kind: string, error: unknown): SideEffectOutcome {
  return {
    ok: false,
    error: `${kind}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
  };
}

/**
 * Runs one 'enquiry.acknowledge' item: emails the enquiry's sender the acknowledgement in the language they wrote
 * in (messages EnquiryEmails.acknowledgement), reply-to the enquiry's own reply address when inbound mail is
 * configured, else the team's. Never throws: a malformed payload, a missing enquiry (erased meanwhile) or a
 * database error is a failed outcome (`final` when there is nothing left to send).
 */
export async function runAcknowledgementJob(
  item: Pick<OutboxItem, 'id' | 'payload'>,
  options: EmailJobOptions = {},
): Promise<SideEffectOutcome & { final?: boolean }> {
  const enquiryId = item.payload?.enquiryId;
  if (typeof enquiryId !== 'string' || !UUID.test(enquiryId))
    return { ok: false, final: true, error: `${ENQUIRY_ACKNOWLEDGE_KIND}: payload lacks a valid enquiryId` };
  try {
    const db = options.db ?? (await getDb());
    const enquiry = await findEnquiry(db, enquiryId);
    if (!enquiry)
      return { ok: false, final: true, error: `${ENQUIRY_ACKNOWLEDGE_KIND}: enquiry ${enquiryId} not found` };
    const site = siteConfig();
    const t = await namespaceTranslator(enquiry.locale, 'EnquiryEmails.acknowledgement');
    const message = buildAcknowledgementEmail(
      { to: enquiry.email, replyTo: enquiryReplyTo(enquiry.id, site.emails.general) },
      {
        subject: t('subject', { siteName: site.name }),
        greeting: t('greeting'),
        body: t('body'),
        signOff: t('signOff', { siteName: site.name }),
      },
    );
    const outcome = await sendEmail(message, {
      smtpUrl: options.smtpUrl,
      from: options.from,
      mailDir: options.mailDir,
      reference: `outbox ${item.id} (acknowledgement of enquiry ${enquiry.id})`,
    });
    return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
  } catch (error) {
    return failed(ENQUIRY_ACKNOWLEDGE_KIND, error);
  }
}

/**
 * Runs one 'enquiry.notify' item: emails the member of staff `payload.to` that an enquiry was assigned to them, or
 * that its sender answered by email, with the link to its back-office page, in `payload.locale` (the back office's
 * language of whoever caused it; messages EnquiryEmails.assigned / EnquiryEmails.answered). The message itself is
 * not copied. Never throws.
 */
export async function runStaffNoticeJob(
  item: Pick<OutboxItem, 'id' | 'payload'>,
  options: EmailJobOptions = {},
): Promise<SideEffectOutcome & { final?: boolean }> {
  const { enquiryId, to, reason, locale, by } = item.payload ?? {};
  if (
    typeof enquiryId !== 'string' ||
    !UUID.test(enquiryId) ||
    typeof to !== 'string' ||
    !to.includes('@') ||
    !(STAFF_NOTICE_REASONS as readonly unknown[]).includes(reason)
  ) {
    return { ok: false, final: true, error: `${ENQUIRY_NOTIFY_KIND}: payload lacks enquiryId, to or reason` };
  }
  try {
    const db = options.db ?? (await getDb());
    const enquiry = await findEnquiry(db, enquiryId);
    if (!enquiry)
      return { ok: false, final: true, error: `${ENQUIRY_NOTIFY_KIND}: enquiry ${enquiryId} not found` };
    const lang = toLocale(typeof locale === 'string' ? locale : 'en');
    const t = await namespaceTranslator(lang, `EnquiryEmails.${reason as StaffNoticeReason}`);
    const values = {
      name: oneLineText(enquiry.name, 80),
      email: oneLineText(enquiry.email, 254),
      by: typeof by === 'string' ? oneLineText(by, 254) : '',
      received: formatDateTime(enquiry.createdAt, lang),
    };
    const message = buildStaffNoticeEmail(
      { to, url: enquiryBackOfficeUrl(enquiry.id, lang) },
      { subject: t('subject', values), body: t('body', values), open: t('open') },
    );
    const outcome = await sendEmail(message, {
      smtpUrl: options.smtpUrl,
      from: options.from,
      mailDir: options.mailDir,
      reference: `outbox ${item.id} (${reason} notice for enquiry ${enquiry.id})`,
    });
    return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
  } catch (error) {
    return failed(ENQUIRY_NOTIFY_KIND, error);
  }
}
