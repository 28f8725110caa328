import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';

import { env } from '@/lib/config/env';
import { formSecret } from '@/lib/forms/secret';

/**
 * The enquiry's own reply address (issue 34: the person's email answer lands back on the enquiry). With inbound
 * mail configured (INBOUND_MAIL_ADDRESS and MAILGUN_WEBHOOK_SIGNING_KEY, README "Inbound mail"), every staff reply
 * and acknowledgement is sent reply-to `reply+<token>@<domain>` (plus-addressing on INBOUND_MAIL_ADDRESS
 * `reply@<domain>`), where the token is the enquiry id (32 lower-case hex digits) and the first 16 hex digits of
 * HMAC-SHA256(key, "enquiry-reply:<id>"), keyed with the form secret (FORM_SECRET, or `.data/form-secret`). Lower-case
 * hex only, because some mail servers lower-case the local part; 55 characters, inside the 64 an address allows.
 * The provider's route forwards mail for `reply+…@<domain>` to POST /api/mail/inbound, which finds the enquiry with
 * `enquiryIdOfRecipient`; a token that was not signed here names no enquiry.
 */

const TAGGED = /^([^@+\s]+)\+([0-9a-f]{32})-([0-9a-f]{16})@([^@\s]+)$/;

function signature(key: string, compactId: string): string {
  return createHmac('sha256', key).update(`enquiry-reply:${compactId}`).digest('hex').slice(0, 16);
}

/** The configured inbound address (`reply@mg.example.org`), or null when inbound mail is not set up. */
export function inboundMailAddress(): string | null {
  const e = env();
  return e.INBOUND_MAIL_ADDRESS && e.MAILGUN_WEBHOOK_SIGNING_KEY ? e.INBOUND_MAIL_ADDRESS : null;
}

/**
 * `reply+<token>@<domain>` for the enquiry `enquiryId` on the inbound address `base` (`reply@<domain>`), signed with
 * `key` (default the form secret). @throws on an id that is not a UUID (a programming error).
 */
export function replyAddress(enquiryId: string, base: string, key: string = formSecret()): string {
  const compact = enquiryId.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(compact)) throw new Error('[mail] replyAddress needs an enquiry id');
  const at = base.lastIndexOf('@');
  return `${base.slice(0, at)}+${compact}-${signature(key, compact)}@${base.slice(at + 1)}`.toLowerCase();
}

/**
 * The enquiry id that one of `recipients` (a comma list as Mailgun's `recipient` field, or display-name forms
 * `Name <a@b>`) names on the inbound address `base`, or null: a different local part or domain, a malformed
 * token or a signature not made with `key` names nothing. Never throws.
 */
export function enquiryIdOfRecipient(
  recipients: string,
  base: string,
  key: string = formSecret(),
): string | null {
  const at = base.lastIndexOf('@');
  const local = base.slice(0, at).toLowerCase();
  const domain = base.slice(at + 1).toLowerCase();
  for (const part of recipients.split(',')) {
    const address = (/<([^>]*)>/.exec(part)?.[1] ?? part).trim().toLowerCase();
    const match = TAGGED.exec(address);
    if (!match || match[1] !== local || match[4] !== domain) continue;
    const given = Buffer.from(match[3]!);
    const expected = Buffer.from(signature(key, match[2]!));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    const h = match[2]!;
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  return null;
}

/**
 * Where an email about the enquiry should be answered to: its own reply address when inbound mail is configured,
 * else ENQUIRY_TO (default the general contact address, `fallback`).
 */
export function enquiryReplyTo(enquiryId: string, fallback: string): string {
  const base = inboundMailAddress();
  return base ? replyAddress(enquiryId, base) : (env().ENQUIRY_TO ?? fallback);
}
