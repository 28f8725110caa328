import 'server-only';

import { createTransport } from 'nodemailer';

import { env } from '@/lib/config/env';
import { siteConfig } from '@/lib/config/site';
import type { SideEffectOutcome } from '@/lib/db';

import type { EmailMessage } from './message';

/** Connection and greeting timeouts of the SMTP client: a hung server fails the attempt, the outbox retries. */
export const SMTP_TIMEOUT_MS = 10_000;

export interface SendOptions {
  /** smtp:// or smtps:// URL; default SMTP_URL. `null` forces the outbox-only delivery. */
  smtpUrl?: string | null;
  /** Sender; default MAIL_FROM, else `no-reply@{site host}`. */
  from?: string;
  /** Outbox item or row id for the log line (never personal data). */
  reference?: string;
}

/** How a message was delivered: by SMTP, or kept in the outbox table (no SMTP_URL: DESIGN.md §2). */
export type SendResult = SideEffectOutcome & { via?: 'smtp' | 'outbox' };

/** The sender address: MAIL_FROM, else no-reply at the host of SITE_URL. */
export function defaultFrom(): string {
  const configured = env().MAIL_FROM;
  if (configured) return configured;
  return `no-reply@${new URL(siteConfig().url).hostname}`;
}

/** Secrets in an SMTP URL (user:password) must never reach a log or a row's last_error. */
function redact(text: string): string {
  return text.replace(/(smtps?:\/\/)[^@\s/]*@/gi, '$1***@');
}

/**
 * Sends one plain-text email.
 *
 * With an SMTP URL (SMTP_URL): a nodemailer SMTP transport from that URL (10 s connection and greeting timeouts),
 * from MAIL_FROM. Without one, the embedded default of DESIGN.md §2 applies: the message stays readable in the
 * outbox table (its payload points to the stored row) and the server log gets a one-line notice with the
 * reference only (no body, no addresses), and the send counts as delivered.
 *
 * Never throws: a refused connection, a timeout or a rejected recipient is `{ ok: false, error }` (error text
 * without credentials), which the outbox records and retries.
 */
export async function sendEmail(message: EmailMessage, options: SendOptions = {}): Promise<SendResult> {
  const smtpUrl = options.smtpUrl === undefined ? env().SMTP_URL : options.smtpUrl;
  if (!smtpUrl) {
    console.info(
      `[email] SMTP_URL is not set: message ${options.reference ?? '(no reference)'} kept in the outbox table`,
    );
    return { ok: true, via: 'outbox' };
  }
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: 3 * SMTP_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: options.from ?? defaultFrom(),
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
    });
    return { ok: true, via: 'smtp' };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown } | null)?.code;
    return { ok: false, error: redact(`smtp: ${typeof code === 'string' ? `${code} ` : ''}${detail}`) };
  } finally {
    transport.close();
  }
}
