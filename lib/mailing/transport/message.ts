/**
 * Email messages the site sends (pure: no I/O, no env), so their content is unit-tested directly.
 */

import { formatDateTime } from '@/lib/utils/format';

/** One plain-text message. Addresses are bare (`a@example.org`) or with a display name. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) on newsletter mail.
   * Names and values must be single lines; the sender drops any that are not.
   */
  headers?: Record<string, string>;
}

/** The header fields of `message.headers` that are safe to send: a token name and a value without line breaks. */
export function safeExtraHeaders(message: Pick<EmailMessage, 'headers'>): Record<string, string> | undefined {
  if (!message.headers) return undefined;
  const safe = Object.entries(message.headers).filter(
    ([name, value]) => /^[A-Za-z][A-Za-z0-9-]{0,75}$/.test(name) && !/[\r\n\0]/.test(value),
  );
  return safe.length ? Object.fromEntries(safe) : undefined;
}

/** What an enquiry email needs from the stored row (lib/db `Enquiry`). */
export interface EnquiryForEmail {
  id: string;
  name: string;
  email: string;
  message: string;
  locale: string;
  createdAt: Date;
}

const MAX_SUBJECT_NAME = 80;

/** A header-safe one-line version of free text: control characters and line breaks become spaces. */
function oneLine(value: string, max: number): string {
  const flat = value
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The received time in the charity's own time zone, the site's way: 'May 3, 2026 @ 2:05 PM (UK time)'. */
function receivedAt(date: Date): string {
  return `${formatDateTime(date, 'en')} (UK time)`;
}

/**
 * The message that forwards a contact-form enquiry to the team (docs/SPEC-NOTES.md §7 forward-enquiry): addressed to `to`,
 * reply-to the sender (so answering reaches them), subject 'Website enquiry from {name}' (name flattened to one
 * line, at most 80 characters), and a plain-text body with the name, email, page language, time received
 * (Europe/London), the enquiry id (to find the row in the database) and the message verbatim.
 */
export function buildEnquiryEmail(
  enquiry: EnquiryForEmail,
  options: { to: string; siteName: string },
): EmailMessage {
  const name = oneLine(enquiry.name, 200);
  const email = oneLine(enquiry.email, 254);
  return {
    to: options.to,
    replyTo: email,
    subject: `Website enquiry from ${oneLine(enquiry.name, MAX_SUBJECT_NAME)}`,
    text: [
      `A message was sent with the contact form of the ${options.siteName} website.`,
      '',
      `Name: ${name}`,
      `Email: ${email}`,
      `Language: ${enquiry.locale}`,
      `Received: ${receivedAt(enquiry.createdAt)}`,
      `Enquiry id: ${enquiry.id}`,
      '',
      'Message:',
      '',
      enquiry.message,
      '',
      '-- ',
      'Reply to this email to answer the sender.',
    ].join('\n'),
  };
}

/** The translated lines of a reply email (messages admin.replyEmail, in the enquiry's language). */
export interface ReplyEmailTexts {
  subject: string;
  greeting: string;
  signOff: string;
  quoteIntro: string;
}

/**
 * A staff member's answer to an enquiry, sent to the person who wrote it: subject and greeting in their language,
 * the staff text verbatim, the site's sign-off, then their original message quoted (`> `), reply-to the team's
 * address so an answer lands in the charity's inbox.
 */
export function buildEnquiryReplyEmail(
  input: { to: string; body: string; original: string; replyTo: string },
  texts: ReplyEmailTexts,
): EmailMessage {
  return {
    to: oneLine(input.to, 254),
    replyTo: oneLine(input.replyTo, 254),
    subject: oneLine(texts.subject, 200),
    text: [
      texts.greeting,
      '',
      input.body.replace(/\r\n?/g, '\n').trim(),
      '',
      texts.signOff,
      '',
      texts.quoteIntro,
      ...input.original
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => `> ${line}`),
      '',
    ].join('\n'),
  };
}
