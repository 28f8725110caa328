import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';

import { z } from 'zod';

import { backOfficeMembers } from '@/lib/auth';
import { type Database, enqueueOutbox, findEnquiry, getDb, insertInboundNote } from '@/lib/db';
import { ENQUIRY_NOTIFY_KIND, enquiryIdOfRecipient } from '@/lib/mailing';

/**
 * Inbound mail (issue 34): the person's email answer to a staff reply lands back on the enquiry as an 'inbound'
 * History entry. The provider is **Mailgun**, through a Route whose action is `forward("https://<site>/api/mail/inbound")`
 * for the recipients `reply+.*@<domain>` (README "Inbound mail"). Mailgun's documented forward format
 * (documentation.mailgun.com, "Receiving messages via HTTP through a forward() action"): a POST, urlencoded or
 * multipart/form-data, with `recipient`, `sender`, `from`, `subject`, `body-plain`, `stripped-text` (the answer
 * without the quoted text and signature), `message-headers` (a JSON list of [name, value]) and the signature fields
 * `timestamp` (Unix seconds), `token` (50 random characters) and `signature` (hex HMAC-SHA256 of timestamp + token,
 * keyed with the account's HTTP webhook signing key, MAILGUN_WEBHOOK_SIGNING_KEY). Mailgun takes 200 as done and 406
 * as "refused, do not retry"; anything else is retried for 8 hours.
 *
 * The route (app/api/mail/inbound/route.ts) validates the fields with `mailgunInboundSchema`, checks the signature
 * (`verifyMailgunSignature`: a wrong one, or a timestamp outside the replay window, is refused) and that the token
 * was not used before, and only then calls `receiveInboundReply`, which saves before any side effect.
 */

/** A post whose timestamp is further than this from now (either way) is refused as a replay or a clock error. */
export const INBOUND_REPLAY_WINDOW_SECONDS = 300;
/** The largest post read (Mailgun includes attachments in multipart posts; they are not kept). */
export const INBOUND_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** The longest answer kept (enquiry_notes' CHECK is 10,000 characters). */
const MAX_NOTE = 10_000;

/** The fields of Mailgun's forward that are used (others, attachments included, are ignored). */
export const mailgunInboundSchema = z.object({
  timestamp: z.string().regex(/^\d{1,12}$/),
  token: z.string().min(1).max(200),
  signature: z.string().regex(/^[0-9a-fA-F]{64}$/),
  recipient: z.string().min(3).max(2000),
  sender: z.string().max(1000).optional(),
  from: z.string().max(1000).optional(),
  subject: z.string().max(2000).optional(),
  'body-plain': z.string().max(INBOUND_MAX_BODY_BYTES).optional(),
  'stripped-text': z.string().max(INBOUND_MAX_BODY_BYTES).optional(),
  'message-headers': z.string().max(INBOUND_MAX_BODY_BYTES).optional(),
  'Message-Id': z.string().max(998).optional(),
});
export type MailgunInbound = z.output<typeof mailgunInboundSchema>;

export type SignatureCheck = 'ok' | 'stale' | 'forged';

/**
 * Mailgun's signature check: `signature` must be the hex HMAC-SHA256 of `timestamp + token` with `signingKey`
 * (compared in constant time), and `timestamp` within `windowSeconds` of `nowMs`. Never throws.
 */
export function verifyMailgunSignature(
  signingKey: string,
  fields: Pick<MailgunInbound, 'timestamp' | 'token' | 'signature'>,
  nowMs: number,
  windowSeconds = INBOUND_REPLAY_WINDOW_SECONDS,
): SignatureCheck {
  const expected = Buffer.from(
    createHmac('sha256', signingKey).update(`${fields.timestamp}${fields.token}`).digest('hex'),
  );
  const given = Buffer.from(fields.signature.toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return Math.abs(nowMs / 1000 - Number(fields.timestamp)) > windowSeconds ? 'stale' : 'ok';
}

/** The bare address of `Name <a@b>` or `a@b`, lower-cased, or null. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address.slice(0, 254) : null;
}

/** The Message-Id of the post: from `message-headers` (a JSON list of [name, value]) or the field itself. */
function messageIdOf(input: MailgunInbound): string | null {
  if (input['message-headers']) {
    try {
      const headers: unknown = JSON.parse(input['message-headers']);
      if (Array.isArray(headers))
        for (const pair of headers)
          if (
            Array.isArray(pair) &&
            typeof pair[0] === 'string' &&
            pair[0].toLowerCase() === 'message-id' &&
            typeof pair[1] === 'string' &&
            pair[1].trim()
          )
            return pair[1].trim().slice(0, 500);
    } catch {
      // Not JSON: fall back to the field.
    }
  }
  return input['Message-Id']?.trim().slice(0, 500) || null;
}

/** The answer's text: Mailgun's `stripped-text` (no quoted reply, no signature), else the whole plain body. */
function answerText(input: MailgunInbound): string {
  const text = (input['stripped-text']?.trim() || input['body-plain']?.trim() || '').replace(/\r\n?/g, '\n');
  return text.length > MAX_NOTE ? `${text.slice(0, MAX_NOTE - 2)}\n…` : text;
}

export type InboundOutcome =
  /** Stored on the enquiry (and its assignee told, through the outbox). */
  | { outcome: 'saved'; enquiryId: string; noteId: string }
  /** That Message-Id is stored already (Mailgun retried a post we answered): nothing added. */
  | { outcome: 'duplicate'; enquiryId: string }
  /** The recipient is no reply address of ours (another local part, a forged or damaged token). */
  | { outcome: 'unknown-recipient' }
  /** The address was ours but the enquiry is gone (erased, or past retention): the mail is not kept. */
  | { outcome: 'not-found' };

export type InboundOptions = {
  db?: Database;
  /** The inbound address (`reply@<domain>`); default INBOUND_MAIL_ADDRESS. */
  address: string;
  /** The reply tokens' key (tests); default the form secret (lib/mailing/transport/reply-address.ts). */
  key?: string;
  /** Where accounts live (the assignee's address); default from the configuration. */
  supabase?: boolean;
};

/**
 * Puts a verified inbound email on its enquiry: finds the enquiry from the recipient's signed plus-address, then in
 * ONE transaction stores the answer (kind 'inbound', author the sender's address, once per Message-Id), makes the
 * enquiry unread again (and 'in_progress' if it was answered or closed), and, when someone is assigned, queues an
 * 'enquiry.notify' ('answered') email to them. Nothing is sent here: saved first, the outbox sends.
 * @throws on a database error (the route answers 500 and Mailgun retries).
 */
export async function receiveInboundReply(
  input: MailgunInbound,
  options: InboundOptions,
): Promise<InboundOutcome> {
  const enquiryId = enquiryIdOfRecipient(input.recipient, options.address, options.key);
  if (!enquiryId) return { outcome: 'unknown-recipient' };
  const db = options.db ?? (await getDb());
  const author = addressOf(input.from) ?? addressOf(input.sender) ?? 'unknown sender';
  const messageId = messageIdOf(input) ?? `mailgun:${input.token}`;
  return db.transaction(async (tx): Promise<InboundOutcome> => {
    const enquiry = await findEnquiry(tx, enquiryId);
    if (!enquiry) return { outcome: 'not-found' };
    const note = await insertInboundNote(tx, {
      enquiryId,
      authorEmail: author,
      body: answerText(input),
      messageId,
    });
    if (!note) return { outcome: 'duplicate', enquiryId };
    if (enquiry.assignedTo) {
      const members = await backOfficeMembers(tx, { supabase: options.supabase });
      const to = members.find((m) => m.userId === enquiry.assignedTo)?.email;
      if (to)
        await enqueueOutbox(tx, {
          kind: ENQUIRY_NOTIFY_KIND,
          payload: { enquiryId, to, reason: 'answered', locale: 'en' },
        });
    }
    return { outcome: 'saved', enquiryId, noteId: note.id };
  });
}
