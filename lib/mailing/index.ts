import 'server-only';

/**
 * Newsletter and contact sync (DESIGN.md §2 "newsletter sync", spec §3 and §7): the only entry point to the mailing
 * providers. MAILING_PROVIDER picks mailchimp, brevo, hubspot or airtable (with their keys, lib/config/env.ts);
 * unset means subscribers are kept in the database only. Every provider call is best effort after the signup is
 * saved: failures are recorded on the row and retried by the outbox ('newsletter.sync', 'volunteer.followup').
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
export { DEFAULT_NEWSLETTER_TAGS, newsletterContact, volunteerContact } from './contacts';
export type { NewsletterContactOptions, VolunteerContactInput } from './contacts';
export { checkMailingConnection, mailingProvider, syncContact } from './sync';
export type { MailingOptions } from './sync';
export { MAILING_JOB_KINDS, runMailingJob, subscribeNewsletter } from './jobs';
export type {
  JobOptions,
  MailingJobKind,
  NewsletterSubscribeInput,
  NewsletterSubscribeResult,
  NewsletterSyncPayload,
  VolunteerFollowupPayload,
} from './jobs';
export { mailchimpSubscriberHash } from './providers/mailchimp';
