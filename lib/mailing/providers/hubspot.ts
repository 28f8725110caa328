/**
 * HubSpot CRM v3 adapter: create a contact (POST /crm/v3/objects/contacts). Auth: a private app's access token as
 * a Bearer token (scopes crm.objects.contacts.read and .write).
 */
import type { SideEffectOutcome } from '@/lib/db';

import { type HttpResult, failureText, isOk, requestJson, safeCode, transportProblem } from '../http';
import type { AdapterOptions, ContactRecord, HubspotConfig } from '../types';

/**
 * The create body: HubSpot's default contact properties email, firstname, lastname, phone, company, when
 * non-empty. Tags, source and custom fields are not sent: HubSpot rejects the whole request (400
 * PROPERTY_DOESNT_EXIST) for a property the portal has not defined.
 */
export function hubspotContactBody(record: ContactRecord) {
  const properties = Object.fromEntries(
    Object.entries({
      email: record.email.trim(),
      firstname: record.firstName,
      lastname: record.lastName,
      phone: record.phone,
      company: record.company,
    }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return { properties };
}

const headers = (config: HubspotConfig) => ({ authorization: `Bearer ${config.accessToken}` });
const code = (result: HttpResult) =>
  result.kind === 'response' ? safeCode((result.body as { category?: unknown } | null)?.category) : undefined;

/** Creates the contact; a 409 with category CONFLICT (it exists already) counts as success. Never throws. */
export async function syncHubspot(
  config: HubspotConfig,
  record: ContactRecord,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const result = await requestJson({
    method: 'POST',
    url: `${config.apiUrl}/crm/v3/objects/contacts`,
    headers: headers(config),
    body: hubspotContactBody(record),
    timeoutMs: options.timeoutMs,
  });
  if (result.kind === 'response') {
    if (isOk(result.status)) return { ok: true };
    if (result.status === 409 && code(result) === 'CONFLICT') return { ok: true };
  }
  return { ok: false, error: failureText('hubspot', result, code(result)) };
}

/**
 * Opts the contact out of all email (POST /communication-preferences/v4/statuses/{email}/unsubscribe-all
 * ?channel=EMAIL; the private app also needs the communication_preferences.write scope); an address HubSpot does
 * not know (404) counts as done. Never throws.
 */
export async function unsubscribeHubspot(
  config: HubspotConfig,
  email: string,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const result = await requestJson({
    method: 'POST',
    url: `${config.apiUrl}/communication-preferences/v4/statuses/${encodeURIComponent(email.trim())}/unsubscribe-all?channel=EMAIL`,
    headers: headers(config),
    timeoutMs: options.timeoutMs,
  });
  if (result.kind === 'response' && (isOk(result.status) || result.status === 404)) return { ok: true };
  return { ok: false, error: `${failureText('hubspot', result, code(result))} (unsubscribe)` };
}

/**
 * Permanently deletes the contact under GDPR (POST /crm/v3/objects/contacts/gdpr-delete with `idProperty: 'email'`;
 * HubSpot also blocks the address from being re-created by tracking); an address HubSpot does not know (404)
 * counts as done. Never throws.
 */
export async function forgetHubspot(
  config: HubspotConfig,
  email: string,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const result = await requestJson({
    method: 'POST',
    url: `${config.apiUrl}/crm/v3/objects/contacts/gdpr-delete`,
    headers: headers(config),
    body: { objectId: email.trim(), idProperty: 'email' },
    timeoutMs: options.timeoutMs,
  });
  if (result.kind === 'response' && (isOk(result.status) || result.status === 404)) return { ok: true };
  return { ok: false, error: `${failureText('hubspot', result, code(result))} (erase)` };
}

/** GET /crm/v3/objects/contacts?limit=1: proves the token and its contacts scope. */
export async function checkHubspot(
  config: HubspotConfig,
  options: AdapterOptions = {},
): Promise<{ ok: boolean; message: string }> {
  const result = await requestJson({
    method: 'GET',
    url: `${config.apiUrl}/crm/v3/objects/contacts?limit=1`,
    headers: headers(config),
    timeoutMs: options.timeoutMs,
  });
  if (result.kind !== 'response') {
    return { ok: false, message: transportProblem('hubspot', result, 'HUBSPOT_API_URL') };
  }
  if (isOk(result.status))
    return {
      ok: true,
      // Unsubscribes use another API whose scope a read of contacts cannot prove.
      message:
        'HubSpot contacts are reachable with the access token (unsubscribes also need the communication_preferences.write scope)',
    };
  if (result.status === 401) {
    return {
      ok: false,
      message: `HubSpot refused the access token (HTTP 401${code(result) ? ` ${code(result)}` : ''}): check HUBSPOT_ACCESS_TOKEN (a private app token)`,
    };
  }
  if (result.status === 403) {
    return {
      ok: false,
      message: `HubSpot accepted the token but it may not read contacts (HTTP 403${code(result) ? ` ${code(result)}` : ''}): give the private app the crm.objects.contacts.read and crm.objects.contacts.write scopes`,
    };
  }
  return {
    ok: false,
    message: `${transportProblem('hubspot', result, 'HUBSPOT_API_URL')}${code(result) ? ` ${code(result)}` : ''}`,
  };
}
