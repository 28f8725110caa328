/**
 * The mailing provider configuration from the environment (pure: takes the validated env record).
 */
import type { Env } from '@/lib/config/env';

import type { MailingConfig, MailingProviderName } from './types';

type MailingEnv = Pick<
  Env,
  | 'MAILING_PROVIDER'
  | 'MAILCHIMP_API_KEY'
  | 'MAILCHIMP_LIST_ID'
  | 'MAILCHIMP_API_URL'
  | 'BREVO_API_KEY'
  | 'BREVO_LIST_IDS'
  | 'BREVO_API_URL'
  | 'HUBSPOT_ACCESS_TOKEN'
  | 'HUBSPOT_API_URL'
  | 'AIRTABLE_API_KEY'
  | 'AIRTABLE_BASE_ID'
  | 'AIRTABLE_TABLE_ID'
  | 'AIRTABLE_API_URL'
>;

export const DEFAULT_API_URLS = {
  brevo: 'https://api.brevo.com/v3',
  hubspot: 'https://api.hubapi.com',
  airtable: 'https://api.airtable.com/v0',
} as const;

/**
 * The result of reading the environment: no provider (database only), a usable configuration, or a provider
 * whose variables are incomplete (`problem` names what is missing; never a secret's value).
 */
export type MailingConfigResult =
  | { provider: null; config: null }
  | { provider: MailingProviderName; config: MailingConfig }
  | { provider: MailingProviderName; config: null; problem: string };

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function missing(provider: MailingProviderName, names: string[]): MailingConfigResult {
  return {
    provider,
    config: null,
    problem: `MAILING_PROVIDER is ${provider} but ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not set`,
  };
}

/**
 * The data centre of a Mailchimp API key: the part after the last '-' (`…-us21` → `us21`), or null when the key
 * has none or it is not a plain host label (it becomes part of the API host name).
 */
export function mailchimpDataCenter(apiKey: string): string | null {
  const dash = apiKey.lastIndexOf('-');
  if (dash < 0) return null;
  const dc = apiKey.slice(dash + 1);
  return /^[a-z]{2,5}\d{1,3}$/i.test(dc) ? dc.toLowerCase() : null;
}

/**
 * Builds the provider configuration from the environment variables declared in lib/config/env.ts.
 * Never throws; an incomplete configuration comes back with `problem` so callers can report it.
 */
export function mailingConfigFromEnv(e: MailingEnv): MailingConfigResult {
  switch (e.MAILING_PROVIDER) {
    case undefined:
      return { provider: null, config: null };
    case 'mailchimp': {
      const absent = [
        !e.MAILCHIMP_API_KEY && 'MAILCHIMP_API_KEY',
        !e.MAILCHIMP_LIST_ID && 'MAILCHIMP_LIST_ID',
      ].filter((v): v is string => Boolean(v));
      if (absent.length) return missing('mailchimp', absent);
      let apiUrl = e.MAILCHIMP_API_URL;
      if (!apiUrl) {
        const dc = mailchimpDataCenter(e.MAILCHIMP_API_KEY!);
        if (!dc) {
          return {
            provider: 'mailchimp',
            config: null,
            problem:
              'MAILCHIMP_API_KEY does not end in a data centre such as -us21 (copy the whole key from Mailchimp, or set MAILCHIMP_API_URL)',
          };
        }
        apiUrl = `https://${dc}.api.mailchimp.com/3.0`;
      }
      return {
        provider: 'mailchimp',
        config: {
          provider: 'mailchimp',
          apiKey: e.MAILCHIMP_API_KEY!,
          listId: e.MAILCHIMP_LIST_ID!,
          apiUrl: trimSlash(apiUrl),
        },
      };
    }
    case 'brevo':
      if (!e.BREVO_API_KEY) return missing('brevo', ['BREVO_API_KEY']);
      return {
        provider: 'brevo',
        config: {
          provider: 'brevo',
          apiKey: e.BREVO_API_KEY,
          listIds: (e.BREVO_LIST_IDS ?? '')
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
            .map(Number),
          apiUrl: trimSlash(e.BREVO_API_URL ?? DEFAULT_API_URLS.brevo),
        },
      };
    case 'hubspot':
      if (!e.HUBSPOT_ACCESS_TOKEN) return missing('hubspot', ['HUBSPOT_ACCESS_TOKEN']);
      return {
        provider: 'hubspot',
        config: {
          provider: 'hubspot',
          accessToken: e.HUBSPOT_ACCESS_TOKEN,
          apiUrl: trimSlash(e.HUBSPOT_API_URL ?? DEFAULT_API_URLS.hubspot),
        },
      };
    case 'airtable': {
      const absent = [
        !e.AIRTABLE_API_KEY && 'AIRTABLE_API_KEY',
        !e.AIRTABLE_BASE_ID && 'AIRTABLE_BASE_ID',
        !e.AIRTABLE_TABLE_ID && 'AIRTABLE_TABLE_ID',
      ].filter((v): v is string => Boolean(v));
      if (absent.length) return missing('airtable', absent);
      return {
        provider: 'airtable',
        config: {
          provider: 'airtable',
          apiKey: e.AIRTABLE_API_KEY!,
          baseId: e.AIRTABLE_BASE_ID!,
          tableId: e.AIRTABLE_TABLE_ID!,
          apiUrl: trimSlash(e.AIRTABLE_API_URL ?? DEFAULT_API_URLS.airtable),
        },
      };
    }
  }
}
