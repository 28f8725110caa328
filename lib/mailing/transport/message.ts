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
  options: { to: string; siteName: string; backOfficeUrl?: string },
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
      ...(options.backOfficeUrl ? [`Open it in the back office: ${options.backOfficeUrl}`] : []),
      '',
      'Message:',
      '',
      enquiry.message,
      '',
      '-- ',
      options.backOfficeUrl
        ? 'Answer from the back office, so the reply is kept with the enquiry; replying to this email reaches the sender too.'
        : 'Reply to this email to answer the sender.',
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
 * Openings a member of staff may type themselves (English, Spanish, French, Portuguese), matched at the start of
 * the reply's first line: 'Dear Vera,', 'Hola Ana:', 'Bonjour,', 'Olá Rui,'.
 */
const GREETING =
  /^(hello|hi|hey|dear|good (morning|afternoon|evening)|hola|buen[oa]s (d[ií]as|tardes|noches)|estimad[oa]s?|querid[oa]s?|bonjour|bonsoir|salut|cher|ch[èe]re|madame|monsieur|ol[áa]|oi|bom dia|boa (tarde|noite)|prezad[oa]s?|car[oa]s?)(?![\p{L}\p{N}])/iu;
/** Closings a member of staff may type themselves, matched at the start of one of the reply's last three lines. */
const SIGN_OFF =
  /^((with )?(best|kind|warm|many)( regards| wishes| thanks)?|regards|thanks|thank you|cheers|sincerely|yours|all the best|saludos|un saludo|atentamente|cordialmente|gracias|un abrazo|cordialement|bien (cordialement|à vous)|merci|amicalement|à bientôt|atenciosamente|cumprimentos|com os melhores cumprimentos|obrigad[oa]|abraços?)(?![\p{L}\p{N}])[^.?!]*[,.!]?$/iu;

/** The reply's lines without surrounding blank lines, line breaks normalised. */
function replyLines(body: string): string[] {
  return body.replace(/\r\n?/g, '\n').trim().split('\n');
}

/** True when the staff text opens with its own greeting (its first line is short and starts like one). */
export function hasOwnGreeting(body: string): boolean {
  const first = replyLines(body)[0]?.trim() ?? '';
  return first.length <= 80 && GREETING.test(first);
}

/**
 * True when the staff text ends with its own short closing (at most 40 characters): its last line ('Best wishes,',
 * 'Merci !'), or the line before a last line that is only a name ('Kind regards,' then 'Sam').
 */
export function hasOwnSignOff(body: string): boolean {
  const lines = replyLines(body)
    .map((l) => l.trim())
    .filter(Boolean);
  const closing = (line: string | undefined) => !!line && line.length <= 40 && SIGN_OFF.test(line);
  const last = lines.at(-1);
  const nameOnly = !!last && last.length <= 40 && !/[.?!:;,]$/.test(last) && !SIGN_OFF.test(last);
  return closing(last) || (nameOnly && closing(lines.at(-2)));
}

/**
 * A staff member's answer to an enquiry, sent to the person who wrote it: subject in their language, ONE greeting,
 * the staff text verbatim, ONE sign-off, then their original message quoted (`> `).
 *
 * The rule (issue 34, D17): the template frames the staff text with its greeting ('Hello {name},') and the site's
 * sign-off, and the reply form shows that frame around the text box, so staff write only the message. If they type
 * their own greeting anyway (`hasOwnGreeting`), the template's is left out; if they end with their own closing
 * (`hasOwnSignOff`), the template's sign-off is left out. So the email never greets or signs off twice.
 *
 * Reply-to is `replyTo`: the enquiry's own inbound address when inbound mail is configured (the person's answer
 * lands back on the enquiry: lib/mailing/transport/reply-address.ts), else the team's address.
 */
export function buildEnquiryReplyEmail(
  input: { to: string; body: string; original: string; replyTo: string },
  texts: ReplyEmailTexts,
): EmailMessage {
  const body = input.body.replace(/\r\n?/g, '\n').trim();
  return {
    to: oneLine(input.to, 254),
    replyTo: oneLine(input.replyTo, 254),
    subject: oneLine(texts.subject, 200),
    text: [
      ...(hasOwnGreeting(body) ? [] : [texts.greeting, '']),
      body,
      '',
      ...(hasOwnSignOff(body) ? [] : [texts.signOff, '']),
      texts.quoteIntro,
      ...input.original
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => `> ${line}`),
      '',
    ].join('\n'),
  };
}

/** The translated lines of the acknowledgement (messages EnquiryEmails.acknowledgement, in the sender's language). */
export interface AcknowledgementTexts {
  subject: string;
  greeting: string;
  body: string;
  signOff: string;
}

/**
 * The optional automatic acknowledgement to the person who sent an enquiry (ENQUIRY_ACKNOWLEDGEMENT=1): in their
 * language, reply-to `replyTo` (the enquiry's inbound address, or the team's). Anyone can type any address into a
 * public form, so it copies NOTHING the sender typed (no name, no message): it cannot carry someone else's text
 * to a stranger's inbox.
 */
export function buildAcknowledgementEmail(
  input: { to: string; replyTo: string },
  texts: AcknowledgementTexts,
): EmailMessage {
  return {
    to: oneLine(input.to, 254),
    replyTo: oneLine(input.replyTo, 254),
    subject: oneLine(texts.subject, 200),
    text: [texts.greeting, '', texts.body, '', texts.signOff, ''].join('\n'),
  };
}

/** The translated lines of a notice to a member of staff (messages EnquiryEmails.assigned / EnquiryEmails.answered). */
export interface StaffNoticeTexts {
  subject: string;
  body: string;
  open: string;
}

/**
 * A notice to a member of staff about an enquiry (assigned to them, or the person answered by email): subject and
 * one line (names flattened to one line), then the link to the enquiry's back-office page. The message itself is
 * not copied: staff read it in the back office, behind their sign-in.
 */
export function buildStaffNoticeEmail(
  input: { to: string; url: string },
  texts: StaffNoticeTexts,
): EmailMessage {
  return {
    to: oneLine(input.to, 254),
    subject: oneLine(texts.subject, 200),
    text: [oneLine(texts.body, 1000), '', `${texts.open} ${input.url}`, ''].join('\n'),
  };
}

/** `value` flattened to one line of at most `max` characters (for names inside translated texts). */
export function oneLineText(value: string, max = 200): string {
  return oneLine(value, max);
}
