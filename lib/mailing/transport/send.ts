import 'server-only';

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { createTransport } from 'nodemailer';

import { env } from '@/lib/config/env';
import { siteConfig } from '@/lib/config/site';
import type { SideEffectOutcome } from '@/lib/db';

import { type EmailMessage, safeExtraHeaders } from './message';

/** Connection and greeting timeouts of the SMTP client: a hung server fails the attempt, the outbox retries. */
export const SMTP_TIMEOUT_MS = 10_000;

export interface SendOptions {
  /** smtp:// or smtps:// URL; default SMTP_URL. `null` forces the outbox-only delivery. */
  smtpUrl?: string | null;
  /** Sender; default MAIL_FROM, else `no-reply@{site host}`. */
  from?: string;
  /** Outbox item or row id for the log line (never personal data). */
  reference?: string;
  /** Folder for the .eml copy when there is no SMTP URL; default MAIL_DIR, else `.data/mail`; 'none': no file. */
  mailDir?: string;
}

/** The mail folder of the embedded default (relative to the working directory). */
export const DEFAULT_MAIL_DIR = '.data/mail';

/** How a message was delivered: by SMTP, or kept in the outbox table (no SMTP_URL: docs/ARCHITECTURE.md §2). */
export type SendResult = SideEffectOutcome & { via?: 'smtp' | 'outbox' };

/** The sender address: MAIL_FROM, else no-reply at the host of SITE_URL. */
export function defaultFrom(): string {
  const configured = env().MAIL_FROM;
  if (configured) return configured;
  return `no-reply@${new URL(siteConfig().url).hostname}`;
}

/**
 * Writes the message as an RFC 5322 `.eml` file (built by nodemailer's stream transport, so headers are encoded
 * exactly as SMTP would send them) into `dir`, readable by the server's user only (mode 0600: it holds personal
 * data). The name is `{ISO time}-{random}.eml`, so files sort by time and never collide.
 * @returns the file's path relative to the working directory. @throws on a file system error.
 */
async function writeMailFile(dir: string, message: EmailMessage, from: string): Promise<string> {
  const built = await createTransport({ streamTransport: true, buffer: true, newline: 'windows' }).sendMail({
    from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    headers: safeExtraHeaders(message),
  });
  const root = path.resolve(process.cwd(), dir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
  await writeFile(path.join(root, name), built.message as Buffer, { mode: 0o600, flag: 'wx' });
  return path.relative(process.cwd(), path.join(root, name));
}

/** Secrets in an SMTP URL (user:password) must never reach a log or a row's last_error. */
function redact(text: string): string {
  return text.replace(/(smtps?:\/\/)[^@\s/]*@/gi, '$1***@');
}

/**
 * Sends one plain-text email.
 *
 * With an SMTP URL (SMTP_URL): a nodemailer SMTP transport from that URL (10 s connection and greeting timeouts),
 * from MAIL_FROM. Without one, the embedded default of docs/ARCHITECTURE.md §2 applies: the message stays readable in the
 * outbox table (its payload points to the stored row), a copy is written as an `.eml` file to the mail folder
 * (MAIL_DIR, default `.data/mail`; 'none' for no file; a failed write is logged and does not fail the send) and
 * the server log gets a one-line notice with the reference and file name only (no body, no addresses), and the
 * send counts as delivered.
 *
 * Never throws: a refused connection, a timeout or a rejected recipient is `{ ok: false, error }` (error text
 * without credentials), which the outbox records and retries.
 */
export async function sendEmail(message: EmailMessage, options: SendOptions = {}): Promise<SendResult> {
  const smtpUrl = options.smtpUrl === undefined ? env().SMTP_URL : options.smtpUrl;
  if (!smtpUrl) {
    const dir = options.mailDir ?? env().MAIL_DIR ?? DEFAULT_MAIL_DIR;
    let file: string | null = null;
    if (dir !== 'none') {
      try {
        file = await writeMailFile(dir, message, options.from ?? defaultFrom());
      } catch (error) {
        console.warn(
          `[email] writing to the mail folder ${dir} failed:`,
          error instanceof Error ? error.message : error,
        );
      }
    }
    console.info(
      `[email] SMTP_URL is not set: message ${options.reference ?? '(no reference)'} kept in the outbox table` +
        (file ? ` and written to ${file}` : ''),
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
      headers: safeExtraHeaders(message),
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
