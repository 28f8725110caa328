/**
 * Shapes shared by the mailing adapters (docs/SPEC-NOTES.md §3 "Contact sync record", "Mailing provider config").
 */

/** The providers a contact can be synced to; `null` elsewhere means "database only" (docs/ARCHITECTURE.md §2). */
export type MailingProviderName = 'mailchimp' | 'brevo' | 'hubspot' | 'airtable';

export const MAILING_PROVIDERS: readonly MailingProviderName[] = [
  'mailchimp',
  'brevo',
  'hubspot',
  'airtable',
];

/** One contact as sent to a provider (docs/SPEC-NOTES.md §3). Empty optional fields are left out of the request. */
export type ContactRecord = {
  email: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  source: string;
  tags: string[];
  customFields?: Record<string, string>;
};

export interface MailchimpConfig {
  provider: 'mailchimp';
  apiKey: string;
  listId: string;
  /** API root without a trailing slash, e.g. https://us21.api.mailchimp.com/3.0 */
  apiUrl: string;
}

export interface BrevoConfig {
  provider: 'brevo';
  apiKey: string;
  /** Lists the contact is added to; may be empty (the contact is then created without a list). */
  listIds: number[];
  apiUrl: string;
}

export interface HubspotConfig {
  provider: 'hubspot';
  accessToken: string;
  apiUrl: string;
}

export interface AirtableConfig {
  provider: 'airtable';
  apiKey: string;
  baseId: string;
  tableId: string;
  apiUrl: string;
}

/** A complete provider configuration, built from the environment by `mailingConfigFromEnv` or by a test. */
export type MailingConfig = MailchimpConfig | BrevoConfig | HubspotConfig | AirtableConfig;

/** Per-call options of the adapters. */
export interface AdapterOptions {
  /** Abort the HTTP call after this many milliseconds; default 8000. */
  timeoutMs?: number;
}
