import 'server-only';

/**
 * Email out (docs/ARCHITECTURE.md §2 "email out"): the only entry point. With SMTP_URL, messages go out through nodemailer's
 * SMTP transport from MAIL_FROM; without it the outbox table is the delivery (the team reads the rows) and the
 * server log notes each message by id. Outbox jobs of kind 'enquiry.forward' run through `runEmailJob`.
 */
export type { EmailMessage, EnquiryForEmail } from './message';
export { buildEnquiryEmail } from './message';
export type { SendOptions, SendResult } from './send';
export { DEFAULT_MAIL_DIR, SMTP_TIMEOUT_MS, defaultFrom, sendEmail } from './send';
export type { EmailJobOptions } from './jobs';
export { EMAIL_JOB_KINDS, ENQUIRY_FORWARD_KIND, enquiryEmail, findEnquiry, runEmailJob } from './jobs';
export type { ReplyEmailTexts } from './message';
export { ENQUIRY_REPLY_KIND, runEnquiryReplyJob } from './reply-job';
export type { AcknowledgementTexts, StaffNoticeTexts } from './message';
export { hasOwnGreeting, hasOwnSignOff } from './message';
export {
  ENQUIRY_ACKNOWLEDGE_KIND,
  ENQUIRY_NOTIFY_KIND,
  STAFF_NOTICE_REASONS,
  type StaffNoticeReason,
  enquiryBackOfficeUrl,
} from './enquiry-notices';
export { enquiryIdOfRecipient, enquiryReplyTo, inboundMailAddress, replyAddress } from './reply-address';
export type { AuthEmailOutcome } from './auth-job';
export { AUTH_EMAIL_JOB_KIND, runAuthEmailJob } from './auth-job';
export { openSealedLink, redactLink, sealLink } from './sealed-link';
