/**
 * Airtable Web API adapter: add a record to the configured table (POST /{base}/{table}, typecast). Auth: a
 * personal access token as a Bearer token (scope data.records:write, and data.records:read for the check).
 */
import type { SideEffectOutcome } from '@/lib/db';

import { type HttpResult, failureText, isOk, requestJson, safeCode, transportProblem } from '../http';
import type { AdapterOptions, AirtableConfig, ContactRecord } from '../types';

/**
 * The create body with the spec's fields (§7): Email, First Name, Last Name, Phone, Company, Source, Tags (one
 * comma-separated string: with typecast it fills a multiple-select field as well as a text field) and Created Date
 * (ISO 8601, UTC), only when non-empty. Custom fields are not sent: Airtable rejects unknown field names (422).
 */
export function airtableRecordBody(record: ContactRecord, now: Date = new Date()) {
  const fields = Object.fromEntries(
    Object.entries({
      Email: record.email.trim(),
      'First Name': record.firstName,
      'Last Name': record.lastName,
      Phone: record.phone,
      Company: record.company,
      Source: record.source,
      Tags: record.tags.join(', '),
      'Created Date': now.toISOString(),
    }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return { records: [{ fields }], typecast: true };
}

const headers = (config: AirtableConfig) => ({ authorization: `Bearer ${config.apiKey}` });
const tableUrl = (config: AirtableConfig) =>
  `${config.apiUrl}/${encodeURIComponent(config.baseId)}/${encodeURIComponent(config.tableId)}`;

// Airtable errors: { error: { type, message } } or { error: 'NOT_FOUND' }; the type is a fixed code.
const code = (result: HttpResult) => {
  if (result.kind !== 'response') return undefined;
  const error = (result.body as { error?: unknown } | null)?.error;
  return safeCode(typeof error === 'string' ? error : (error as { type?: unknown } | null)?.type);
};

/** Adds one record. Airtable has no upsert by email here: a second signup adds a second record. Never throws. */
export async function syncAirtable(
  config: AirtableConfig,
  record: ContactRecord,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const result = await requestJson({
    method: 'POST',
    url: tableUrl(config),
    headers: headers(config),
    body: airtableRecordBody(record),
    timeoutMs: options.timeoutMs,
  });
  if (result.kind === 'response' && isOk(result.status)) return { ok: true };
  return { ok: false, error: failureText('airtable', result, code(result)) };
}

/** An Airtable formula string literal: double-quoted, with backslashes and double quotes escaped. */
export function airtableString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Airtable has no subscription status, so unsubscribing removes the person: finds the records whose Email is
 * this address (any case; GET with filterByFormula, at most 10) and deletes them (DELETE ?records[]=…). No
 * records counts as done. Never throws.
 */
export async function unsubscribeAirtable(
  config: AirtableConfig,
  email: string,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const query = new URLSearchParams({
    filterByFormula: `LOWER({Email}) = ${airtableString(email.trim().toLowerCase())}`,
    maxRecords: '10',
  });
  query.append('fields[]', 'Email');
  const found = await requestJson({
    method: 'GET',
    url: `${tableUrl(config)}?${query.toString()}`,
    headers: headers(config),
    timeoutMs: options.timeoutMs,
  });
  if (found.kind !== 'response' || !isOk(found.status)) {
    return { ok: false, error: `${failureText('airtable', found, code(found))} (unsubscribe)` };
  }
  const records = (found.body as { records?: { id?: unknown }[] } | null)?.records ?? [];
  const ids = records
    .map((r) => r.id)
    .filter((id): id is string => typeof id === 'string' && /^rec\w+$/.test(id));
  if (!ids.length) return { ok: true };
  const remove = new URLSearchParams();
  for (const id of ids) remove.append('records[]', id);
  const deleted = await requestJson({
    method: 'DELETE',
    url: `${tableUrl(config)}?${remove.toString()}`,
    headers: headers(config),
    timeoutMs: options.timeoutMs,
  });
  if (deleted.kind === 'response' && isOk(deleted.status)) return { ok: true };
  return { ok: false, error: `${failureText('airtable', deleted, code(deleted))} (unsubscribe)` };
}

/** GET /{base}/{table}?maxRecords=1: proves the token, the base and the table. */
export async function checkAirtable(
  config: AirtableConfig,
  options: AdapterOptions = {},
): Promise<{ ok: boolean; message: string }> {
  const result = await requestJson({
    method: 'GET',
    url: `${tableUrl(config)}?maxRecords=1`,
    headers: headers(config),
    timeoutMs: options.timeoutMs,
  });
  if (result.kind !== 'response') {
    return { ok: false, message: transportProblem('airtable', result, 'AIRTABLE_API_URL') };
  }
  const c = code(result);
  if (isOk(result.status)) {
    return { ok: true, message: `Airtable table ${config.tableId} in base ${config.baseId} is reachable` };
  }
  if (result.status === 401) {
    return {
      ok: false,
      message: `Airtable refused the token (HTTP 401${c ? ` ${c}` : ''}): check AIRTABLE_API_KEY (a personal access token)`,
    };
  }
  if (result.status === 403 || result.status === 404 || result.status === 422) {
    return {
      ok: false,
      message: `Airtable could not find table ${config.tableId} in base ${config.baseId}, or the token may not use it (HTTP ${result.status}${c ? ` ${c}` : ''}): check AIRTABLE_BASE_ID, AIRTABLE_TABLE_ID and the token's access to that base`,
    };
  }
  return {
    ok: false,
    message: `${transportProblem('airtable', result, 'AIRTABLE_API_URL')}${c ? ` ${c}` : ''}`,
  };
}
