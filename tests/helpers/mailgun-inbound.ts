import { createHmac, randomBytes } from 'node:crypto';

/**
 * A local stand-in for Mailgun's Route `forward()` action (documentation.mailgun.com, "Receiving messages via HTTP
 * through a forward() action"): builds the POST Mailgun sends for a received email, as Mailgun builds it:
 * multipart/form-data (Mailgun's choice when the mail has attachments; `urlencoded: true` for the other form), the
 * parsed fields (`recipient`, `sender`, `from`, `subject`, `body-plain`, `stripped-text`, `stripped-signature`,
 * `message-headers` as a JSON list of [name, value], `attachment-count`) and the signature fields: `timestamp`
 * (Unix seconds), `token` (50 random characters) and `signature`, the hex HMAC-SHA256 of timestamp + token keyed
 * with the HTTP webhook signing key. Each call is a new delivery (new token), as a Mailgun retry is.
 */
export interface InboundMail {
  recipient: string;
  from: string;
  subject?: string;
  /** The whole text body, quoted reply included. */
  bodyPlain: string;
  /** The answer without the quoted text (Mailgun's `stripped-text`). */
  strippedText?: string;
  messageId?: string;
  attachment?: { name: string; type: string; content: string };
}

export interface PostOptions {
  signingKey: string;
  /** Seconds since the epoch; default now. */
  timestamp?: number;
  token?: string;
  /** Replace the computed signature (a forged post). */
  signature?: string;
  urlencoded?: boolean;
  url?: string;
}

/** The fields Mailgun posts for `mail`, signed with `options.signingKey`. */
export function mailgunFields(mail: InboundMail, options: PostOptions): Record<string, string> {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = options.token ?? randomBytes(25).toString('hex');
  const signature =
    options.signature ??
    createHmac('sha256', options.signingKey).update(`${timestamp}${token}`).digest('hex');
  const sender = /<([^>]+)>/.exec(mail.from)?.[1] ?? mail.from;
  const messageId = mail.messageId ?? `<${randomBytes(8).toString('hex')}@mail.example.net>`;
  return {
    recipient: mail.recipient,
    sender,
    from: mail.from,
    subject: mail.subject ?? 'Re: your message',
    'body-plain': mail.bodyPlain,
    'stripped-text': mail.strippedText ?? mail.bodyPlain,
    'stripped-signature': '',
    'message-headers': JSON.stringify([
      ['Received', 'by mxa.mailgun.org with SMTP'],
      ['From', mail.from],
      ['To', mail.recipient],
      ['Subject', mail.subject ?? 'Re: your message'],
      ['Message-Id', messageId],
      ['Content-Type', 'text/plain; charset="utf-8"'],
    ]),
    'attachment-count': mail.attachment ? '1' : '0',
    timestamp,
    token,
    signature,
  };
}

/** The POST request Mailgun would send to the site's `/api/mail/inbound` for `mail`. */
export function mailgunForward(mail: InboundMail, options: PostOptions): Request {
  const url = options.url ?? 'http://localhost/api/mail/inbound';
  const fields = mailgunFields(mail, options);
  if (options.urlencoded)
    return new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'mailgun/treq-16.12.0' },
      body: new URLSearchParams(fields).toString(),
    });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (mail.attachment)
    form.append(
      'attachment-1',
      new Blob([mail.attachment.content], { type: mail.attachment.type }),
      mail.attachment.name,
    );
  return new Request(url, { method: 'POST', headers: { 'user-agent': 'mailgun/treq-16.12.0' }, body: form });
}
