import 'server-only';

/**
 * Newsletter and contact sync (docs/ARCHITECTURE.md §2 "newsletter sync", docs/SPEC-NOTES.md §3 and §7): the only entry point to the mailing
 * providers. MAILING_PROVIDER picks mailchimp, brevo, hubspot or airtable (with their keys, lib/config/env.ts);
 * unset means subscribers are kept in the database only. Newsletter consent is a double opt-in (lib/mailing/
 * newsletter.ts): a signup is `pending` until the person confirms through a signed emailed link, and only then is
 * the contact synced. Every email and provider call is best effort after the write is saved: failures are retried
 * by the outbox ('newsletter.confirm', 'newsletter.sync', 'newsletter.unsubscribe', 'volunteer.followup').
 */
export type {
  AirtableConfig,
  BrevoConfig,
  ContactRecord,
  HubspotConfig,
  MailchimpConfig,
  MailingConfig,
  MailingProviderName,
} from './types';
export { MAILING_PROVIDERS } from './types';
export { mailingConfigFromEnv, mailchimpDataCenter } from './config';
export type { MailingConfigResult } from './config';
export {
  DEFAULT_NEWSLETTER_TAGS,
  NEWSLETTER_MERGE_FIELD_ALLOW_LIST,
  NEWSLETTER_TAG_ALLOW_LIST,
  newsletterContact,
  volunteerContact,
} from './contacts';
export type { NewsletterContactOptions, VolunteerContactInput } from './contacts';
export {
  checkMailingConnection,
  forgetContact,
  hasMailingProvider,
  mailingProvider,
  syncContact,
  unsubscribeContact,
} from './sync';
export type { MailingOptions } from './sync';
export {
  MAILING_FORGET_KIND,
  MAILING_JOB_KINDS,
  NEWSLETTER_UNSUBSCRIBE_KIND,
  newsletterEmailTexts,
  runMailingJob,
} from './jobs';
export type { JobOptions, MailingJobKind, NewsletterSyncPayload, VolunteerFollowupPayload } from './jobs';
export {
  CONFIRM_RESEND_SECONDS,
  checkConfirmLink,
  checkConfirmToken,
  checkUnsubscribeToken,
  confirmNewsletter,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from './newsletter';
export type {
  ConfirmOutcome,
  Defer,
  FlowOptions,
  NewsletterSubscribeInput,
  NewsletterSubscribeResult,
  UnsubscribeOutcome,
} from './newsletter';
export { NEWSLETTER_PATHS, newsletterConfirmEmail } from './emails';
export { issueNewsletterToken, newsletterLinkKey, subscriberStateTag, verifyNewsletterToken } from './links';
export { mailchimpSubscriberHash } from './providers/mailchimp';
// The public route handlers' logic: POST /api/mailchimp/subscribe and the one-click unsubscribe (RFC 8058).
export {
  MAX_SUBSCRIBE_BODY_BYTES,
  SUBSCRIBE_RATE_LIMITED,
  type SubscribeBody,
  type SubscribeDeps,
  handleSubscribeRequest,
  subscribeBodySchema,
} from './subscribe-api';
export { type UnsubscribeDeps, handleOneClickUnsubscribe, oneClickLanding } from './unsubscribe-api';

// The mail transport (SMTP or the outbox table as the delivery) and the outbox worker live under this folder too:
// this file is the one server entry of all three, so nothing outside lib/mailing imports their modules.
export * from './transport';
export * from './outbox';
