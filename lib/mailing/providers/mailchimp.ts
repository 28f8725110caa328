/**
 * Mailchimp Marketing API 3.0 adapter: add-or-update a list member (PUT, keyed by the MD5 of the lower-cased
 * email), then its tags (a PUT ignores `tags` for an existing member). Auth: HTTP Basic with any user name and the
 * API key as the password.
 */
import { createHash } from 'node:crypto';

import type { SideEffectOutcome } from '@/lib/db';

import {
  DEFAULT_TIMEOUT_MS,
  type HttpResult,
  failureText,
  isOk,
  requestJson,
  safeCode,
  transportProblem,
} from '../http';
import type { AdapterOptions, ContactRecord, MailchimpConfig } from '../types';

/** Mailchimp's subscriber hash: hex MD5 of the lower-cased (and trimmed) email address. */
export function mailchimpSubscriberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

// Mailchimp merge tags are at most 10 characters of A–Z, 0–9 and _; anything else cannot be a merge field.
const MERGE_TAG = /^[A-Z][A-Z0-9_]{0,9}$/;

/**
 * The PUT body: `status_if_new: 'pending'` (Mailchimp then asks a new member to confirm) and never `status`, so an
 * existing member keeps the status they chose (an unsubscribed member is never re-subscribed by us); merge fields
 * FNAME, LNAME, PHONE, COMPANY, SOURCE when non-empty.
 */
export function mailchimpMemberBody(record: ContactRecord) {
  const custom = Object.fromEntries(
    Object.entries(record.customFields ?? {}).filter(([key, value]) => MERGE_TAG.test(key) && value),
  );
  const standard = {
    FNAME: record.firstName,
    LNAME: record.lastName,
    PHONE: record.phone,
    COMPANY: record.company,
    SOURCE: record.source,
  };
  const merge_fields = {
    ...custom,
    ...Object.fromEntries(
      Object.entries(standard).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ),
  };
  return {
    email_address: record.email.trim(),
    status_if_new: 'pending',
    merge_fields,
    ...(record.tags.length ? { tags: record.tags } : {}),
  };
}

const headers = (config: MailchimpConfig) => ({
  authorization: `Basic ${Buffer.from(`anystring:${config.apiKey}`).toString('base64')}`,
});

// Mailchimp errors are RFC 7807 problem documents; `title` is a short fixed phrase ("Invalid Resource"),
// whereas `detail` may quote the email address, so only the title is kept.
const code = (result: HttpResult) =>
  result.kind === 'response' ? safeCode((result.body as { title?: unknown } | null)?.title) : undefined;

const memberUrl = (config: MailchimpConfig, hash: string) =>
  `${config.apiUrl}/lists/${encodeURIComponent(config.listId)}/members/${hash}`;

/** Upserts the member, then activates its tags. Never throws. */
export async function syncMailchimp(
  config: MailchimpConfig,
  record: ContactRecord,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const hash = mailchimpSubscriberHash(record.email);
  // One time budget for both calls, so a caller's timeout bounds the whole sync.
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const put = await requestJson({
    method: 'PUT',
    url: memberUrl(config, hash),
    headers: headers(config),
    body: mailchimpMemberBody(record),
    timeoutMs: options.timeoutMs,
  });
  if (put.kind !== 'response' || !isOk(put.status)) {
    return { ok: false, error: failureText('mailchimp', put, code(put)) };
  }
  if (!record.tags.length) return { ok: true };
  const tags = await requestJson({
    method: 'POST',
    url: `${memberUrl(config, hash)}/tags`,
    headers: headers(config),
    body: { tags: record.tags.map((name) => ({ name, status: 'active' })) },
    timeoutMs: Math.max(1, deadline - Date.now()),
  });
  if (tags.kind !== 'response' || !isOk(tags.status)) {
    // The member exists now; retrying the whole sync is harmless (both calls are idempotent).
    return { ok: false, error: `${failureText('mailchimp', tags, code(tags))} (tags)` };
  }
  return { ok: true };
}

/**
 * Unsubscribes the member (PATCH status 'unsubscribed'); a member Mailchimp does not have (404) counts as done.
 * Never throws.
 */
export async function unsubscribeMailchimp(
  config: MailchimpConfig,
  email: string,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const result = await requestJson({
    method: 'PATCH',
    url: memberUrl(config, mailchimpSubscriberHash(email)),
    headers: headers(config),
    body: { status: 'unsubscribed' },
    timeoutMs: options.timeoutMs,
  });
  if (result.kind === 'response' && (isOk(result.status) || result.status === 404)) return { ok: true };
  return { ok: false, error: `${failureText('mailchimp', result, code(result))} (unsubscribe)` };
}

/**
 * Erases the member for good (POST …/members/{hash}/actions/delete-permanent: Mailchimp's GDPR deletion, the
 * address cannot be re-imported); a member Mailchimp does not have (404) counts as done. Never throws.
 */
export async function forgetMailchimp(
  config: MailchimpConfig,
  email: string,
  options: AdapterOptions = {},
): Promise<SideEffectOutcome> {
  const result = await requestJson({
    method: 'POST',
    url: `${memberUrl(config, mailchimpSubscriberHash(email))}/actions/delete-permanent`,
    headers: headers(config),
    timeoutMs: options.timeoutMs,
  });
  if (result.kind === 'response' && (isOk(result.status) || result.status === 404)) return { ok: true };
  return { ok: false, error: `${failureText('mailchimp', result, code(result))} (erase)` };
}

/** GET /lists/{list}: proves the key, the data centre and the audience id. */
export async function checkMailchimp(
  config: MailchimpConfig,
  options: AdapterOptions = {},
): Promise<{ ok: boolean; message: string }> {
  const result = await requestJson({
    method: 'GET',
    url: `${config.apiUrl}/lists/${encodeURIComponent(config.listId)}?fields=id,name`,
    headers: headers(config),
    timeoutMs: options.timeoutMs,
  });
  if (result.kind !== 'response') {
    return { ok: false, message: transportProblem('mailchimp', result, 'MAILCHIMP_API_URL') };
  }
  if (isOk(result.status)) {
    const name = safeCode((result.body as { name?: unknown } | null)?.name);
    return {
      ok: true,
      message: `Mailchimp audience ${name ? `"${name}" ` : ''}(${config.listId}) is reachable`,
    };
  }
  if (result.status === 401 || result.status === 403) {
    return {
      ok: false,
      message: `Mailchimp refused the API key (HTTP ${result.status}${code(result) ? ` ${code(result)}` : ''}): check MAILCHIMP_API_KEY, including its -dc suffix`,
    };
  }
  if (result.status === 404) {
    return {
      ok: false,
      message: `Mailchimp has no audience with id ${config.listId} (HTTP 404): check MAILCHIMP_LIST_ID (Audience → Settings → Audience name and defaults)`,
    };
  }
  return {
    ok: false,
    message: `${transportProblem('mailchimp', result, 'MAILCHIMP_API_URL')}${code(result) ? ` ${code(result)}` : ''}`,
  };
}
