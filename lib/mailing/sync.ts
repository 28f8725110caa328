import 'server-only';

import { env } from '@/lib/config/env';
import type { SideEffectOutcome } from '@/lib/db';

import { type MailingConfigResult, mailingConfigFromEnv } from './config';
import { PROVIDER_LABELS } from './http';
import { checkAirtable, syncAirtable, unsubscribeAirtable } from './providers/airtable';
import { checkBrevo, forgetBrevo, syncBrevo, unsubscribeBrevo } from './providers/brevo';
import { checkHubspot, forgetHubspot, syncHubspot, unsubscribeHubspot } from './providers/hubspot';
import { checkMailchimp, forgetMailchimp, syncMailchimp, unsubscribeMailchimp } from './providers/mailchimp';
import type { AdapterOptions, ContactRecord, MailingConfig, MailingProviderName } from './types';

/** Options shared by the entry points: an explicit configuration (tests, scripts) instead of the environment. */
export interface MailingOptions extends AdapterOptions {
  /** A provider configuration, or null for "database only". Default: built from the environment. */
  config?: MailingConfig | null;
}

let announced = false;

/** The configuration from this process's environment; logs the choice once (docs/ARCHITECTURE.md §2). */
export function envMailingConfig(): MailingConfigResult {
  const result = mailingConfigFromEnv(env());
  if (!announced) {
    announced = true;
    if (!result.provider)
      console.info('[mailing] no MAILING_PROVIDER: newsletter subscribers are kept in the database only');
    else if (!result.config)
      console.warn(`[mailing] ${result.problem}; contact syncs will fail until it is fixed`);
    else console.info(`[mailing] contacts are synced to ${PROVIDER_LABELS[result.provider]}`);
  }
  return result;
}

/**
 * The provider named by MAILING_PROVIDER, or null when none is set (subscribers stay in the database only).
 * A provider whose other variables are missing is still returned: syncs then fail and are retried, and
 * `checkMailingConnection` says what is missing.
 */
export function mailingProvider(): MailingProviderName | null {
  return envMailingConfig().provider;
}

type Resolved =
  { provider: null } | { provider: MailingProviderName; config: MailingConfig | null; problem?: string };

function resolve(options: MailingOptions): Resolved {
  if (options.config !== undefined) {
    return options.config
      ? { provider: options.config.provider, config: options.config }
      : { provider: null };
  }
  const result = envMailingConfig();
  if (!result.provider) return { provider: null };
  return result.config
    ? { provider: result.provider, config: result.config }
    : { provider: result.provider, config: null, problem: result.problem };
}

/** Whether a provider would be called (explicit config, else the environment). */
export function hasMailingProvider(options: MailingOptions = {}): boolean {
  return resolve(options).provider !== null;
}

/**
 * Sends one contact to the configured provider (docs/SPEC-NOTES.md §7 adapters). With no provider it does nothing and reports
 * success. Never throws: failures (HTTP 4xx/5xx, 429, timeouts, unreachable host, incomplete configuration) come
 * back as `{ ok: false, error }` with text safe to store: provider, status and the provider's short error code,
 * never a key or a response body. The caller records the outcome; the outbox retries failures.
 */
export async function syncContact(
  record: ContactRecord,
  options: MailingOptions = {},
): Promise<SideEffectOutcome> {
  return callProvider('contact sync', options, (config) => {
    switch (config.provider) {
      case 'mailchimp':
        return syncMailchimp(config, record, options);
      case 'brevo':
        return syncBrevo(config, record, options);
      case 'hubspot':
        return syncHubspot(config, record, options);
      case 'airtable':
        return syncAirtable(config, record, options);
    }
  });
}

/**
 * Tells the configured provider that `email` unsubscribed: mailchimp PATCH member status 'unsubscribed', brevo
 * `emailBlacklisted`, hubspot unsubscribe-all (email channel), airtable deletes the person's records. With no
 * provider it does nothing and reports success. Never throws; failures come back as `syncContact`'s do.
 */
export async function unsubscribeContact(
  email: string,
  options: MailingOptions = {},
): Promise<SideEffectOutcome> {
  return callProvider('provider unsubscribe', options, (config) => {
    switch (config.provider) {
      case 'mailchimp':
        return unsubscribeMailchimp(config, email, options);
      case 'brevo':
        return unsubscribeBrevo(config, email, options);
      case 'hubspot':
        return unsubscribeHubspot(config, email, options);
      case 'airtable':
        return unsubscribeAirtable(config, email, options);
    }
  });
}

/**
 * Tells the configured provider to erase `email` (UK GDPR erasure, lib/data-rights): mailchimp permanent delete,
 * brevo DELETE contact, hubspot GDPR delete, airtable deletes the person's records. A contact the provider does not
 * have counts as done; with no provider it does nothing and reports success. Never throws; failures come back as
 * `syncContact`'s do.
 */
export async function forgetContact(email: string, options: MailingOptions = {}): Promise<SideEffectOutcome> {
  return callProvider('provider erase', options, (config) => {
    switch (config.provider) {
      case 'mailchimp':
        return forgetMailchimp(config, email, options);
      case 'brevo':
        return forgetBrevo(config, email, options);
      case 'hubspot':
        return forgetHubspot(config, email, options);
      case 'airtable':
        // Airtable's "unsubscribe" already deletes every record of the address.
        return unsubscribeAirtable(config, email, options);
    }
  });
}

/**
 * Runs `call` with the configured provider's settings: success when no provider is configured, a storable error
 * when its variables are incomplete, and a crash (a programming error: the adapters do not throw) logged by class
 * and returned as an error, never thrown.
 */
async function callProvider(
  what: string,
  options: MailingOptions,
  call: (config: MailingConfig) => Promise<SideEffectOutcome>,
): Promise<SideEffectOutcome> {
  try {
    const resolved = resolve(options);
    if (!resolved.provider) return { ok: true };
    const { config } = resolved;
    if (!config)
      return {
        ok: false,
        error: `${resolved.provider}: not configured (${resolved.problem ?? 'missing variables'})`,
      };
    return await call(config);
  } catch (error) {
    console.error(`[mailing] ${what} crashed`, error);
    return { ok: false, error: `mailing: unexpected ${error instanceof Error ? error.name : 'error'}` };
  }
}

/**
 * The connection test of the configured provider (docs/SPEC-NOTES.md §7): mailchimp GET /lists/{list}, brevo GET /account (and
 * each list), hubspot GET /crm/v3/objects/contacts?limit=1, airtable GET /{base}/{table}?maxRecords=1.
 * @returns the provider (null for none: ok, database only) and a sentence for a person: what works, or what is
 * wrong (which variables are missing, a refused key, an unknown list/base/table, an unreachable host). Never throws.
 */
export async function checkMailingConnection(
  options: MailingOptions = {},
): Promise<{ provider: string | null; ok: boolean; message: string }> {
  let resolved: Resolved;
  try {
    resolved = resolve(options);
  } catch (error) {
    // env() throws on an invalid variable; its message names the variable and why (never its value).
    return {
      provider: null,
      ok: false,
      message: error instanceof Error ? error.message : 'invalid environment',
    };
  }
  if (!resolved.provider) {
    return {
      provider: null,
      ok: true,
      message: 'No MAILING_PROVIDER is set: newsletter subscribers are kept in the database only',
    };
  }
  const { provider, config } = resolved;
  if (!config)
    return { provider, ok: false, message: resolved.problem ?? `${provider} is not fully configured` };
  const result = await (async () => {
    switch (config.provider) {
      case 'mailchimp':
        return checkMailchimp(config, options);
      case 'brevo':
        return checkBrevo(config, options);
      case 'hubspot':
        return checkHubspot(config, options);
      case 'airtable':
        return checkAirtable(config, options);
    }
  })();
  return { provider, ...result };
}
