/**
 * Brevo (formerly Sendinblue) API v3 adapter: create-or-update a contact (POST /contacts, updateEnabled) with its
 * attributes and lists. Auth: the `api-key` header.
 */
import type { SideEffectOutcome } from '@/lib/db';

import { type HttpResult, failureText, isOk, requestJson, safeCode, transportProblem } from '../http';
import type { AdapterOptions, BrevoConfig, ContactRecord } from '../types';

/**
 * The POST /contacts body: attributes FIRSTNAME, LASTNAME, SMS (the phone), COMPANY, SOURCE and the custom fields
 * (Brevo attribute names are upper case), only when non-empty; listIds when configured; updateEnabled so a second
 * signup updates the contact instead of failing.
 */
export function brevoContactBody(config: BrevoConfig, record: ContactRecord) {
  const attributes = Object.fromEntries(
    Object.entries({
      ...record.customFields,
      FIRSTNAME: record.firstName,
      LASTNAME: record.lastName,
      SMS: record.phone,
      COMPANY: record.company,
      SOURCE: record.source,
    }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return {
    email: record.email.trim(),
    attributes,
    ...(config.listIds.length ? { listIds: config.listIds } : {}),
    updateEnabled: true,
  };
}

const headers = (config: BrevoConfig) => ({ 'api-key': config.apiKey });
const code = (result: HttpResult) =>
  result.kind === 'response' ? safeCode((result.body as { code?: unknown } | null)?.code) : undefined;

/** Creates or updates the contact; a 400 duplicate_parameter (the contact exists) counts as success. Never throws. */
export async function syncBrevo(
  config: BrevoConfig,
  record: ContactRecord,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const result = await requestJson({
    method: 'POST',
    url: `${config.apiUrl}/contacts`,
    headers: headers(config),
    body: brevoContactBody(config, record),
    timeoutMs: options.timeoutMs,
  });
  if (result.kind === 'response') {
    if (isOk(result.status)) return { ok: true };
    if (result.status === 400 && code(result) === 'duplicate_parameter') return { ok: true };
  }
  return { ok: false, error: failureText('brevo', result, code(result)) };
}

/**
 * Blocks the contact from email campaigns (PUT /contacts/{email} `emailBlacklisted: true`, Brevo's unsubscribe);
 * a contact Brevo does not have (404) counts as done. Never throws.
 */
export async function unsubscribeBrevo(
  config: BrevoConfig,
  email: string,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const result = await requestJson({
    method: 'PUT',
    url: `${config.apiUrl}/contacts/${encodeURIComponent(email.trim())}`,
    headers: headers(config),
    body: { emailBlacklisted: true },
    timeoutMs: options.timeoutMs,
  });
  if (result.kind === 'response' && (isOk(result.status) || result.status === 404)) return { ok: true };
  return { ok: false, error: `${failureText('brevo', result, code(result))} (unsubscribe)` };
}

/**
 * Deletes the contact (DELETE /contacts/{email}); a contact Brevo does not have (404) counts as done. Never throws.
 */
export async function forgetBrevo(
  config: BrevoConfig,
  email: string,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const result = await requestJson({
    method: 'DELETE',
    url: `${config.apiUrl}/contacts/${encodeURIComponent(email.trim())}`,
    headers: headers(config),
    timeoutMs: options.timeoutMs,
  });
  if (result.kind === 'response' && (isOk(result.status) || result.status === 404)) return { ok: true };
  return { ok: false, error: `${failureText('brevo', result, code(result))} (erase)` };
}

/** GET /account proves the key; then each configured list must exist (GET /contacts/lists/{id}). */
export async function checkBrevo(
  config: BrevoConfig,
  options: AdapterOptions = {},
): Promise<{ ok: boolean; message: string }> {
  const account = await requestJson({
    method: 'GET',
    url: `${config.apiUrl}/account`,
    headers: headers(config),
    timeoutMs: options.timeoutMs,
  });
  if (account.kind !== 'response') {
    return { ok: false, message: transportProblem('brevo', account, 'BREVO_API_URL') };
  }
  if (account.status === 401 || account.status === 403) {
    return {
      ok: false,
      message: `Brevo refused the API key (HTTP ${account.status}${code(account) ? ` ${code(account)}` : ''}): check BREVO_API_KEY (an API v3 key, not an SMTP key)`,
    };
  }
  if (!isOk(account.status)) {
    return {
      ok: false,
      message: `${transportProblem('brevo', account, 'BREVO_API_URL')}${code(account) ? ` ${code(account)}` : ''}`,
    };
  }
  for (const id of config.listIds) {
    const list = await requestJson({
      method: 'GET',
      url: `${config.apiUrl}/contacts/lists/${id}`,
      headers: headers(config),
      timeoutMs: options.timeoutMs,
    });
    if (list.kind !== 'response')
      return { ok: false, message: transportProblem('brevo', list, 'BREVO_API_URL') };
    if (list.status === 404) {
      return { ok: false, message: `Brevo has no contact list ${id} (HTTP 404): check BREVO_LIST_IDS` };
    }
    if (!isOk(list.status)) {
      return { ok: false, message: `Brevo list ${id}: ${transportProblem('brevo', list, 'BREVO_API_URL')}` };
    }
  }
  const company = safeCode((account.body as { companyName?: unknown } | null)?.companyName);
  const lists = config.listIds.length
    ? `; contacts go to list${config.listIds.length > 1 ? 's' : ''} ${config.listIds.join(', ')}`
    : '; BREVO_LIST_IDS is not set, so contacts are added to no list';
  return { ok: true, message: `Brevo account ${company ? `"${company}" ` : ''}is reachable${lists}` };
}
