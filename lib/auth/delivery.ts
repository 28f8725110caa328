import 'server-only';

import { namespaceTranslator } from '@/i18n/messages';
import { siteConfig } from '@/lib/config/site';
import { type Database, queueAuthEmail } from '@/lib/db';
import { redactLink, sealLink } from '@/lib/mailing';

import { type AuthEmailTexts, authEmail } from './emails';
import type { AuthEmailRequest } from './local';

/**
 * The `AccountEmails` texts in `locale` (English for an unknown locale or a missing key), without a request
 * scope (i18n/messages.ts `namespaceTranslator`).
 */
export async function authEmailTexts(locale: string | undefined): Promise<AuthEmailTexts> {
  return namespaceTranslator(locale, 'AccountEmails');
}

/**
 * Queues a local account email (docs/ARCHITECTURE.md §2 "email out") in the person's language (`request.locale`, the locale
 * of the form they used) for the outbox worker, which sends it (SMTP when SMTP_URL is set; otherwise the mail
 * folder) and retries it like every outbox item. Nothing is sent inside the request, so a request takes the same
 * time whatever the email (no SMTP round trip that only some requests make). The stored row never holds a link
 * that works: its text says `token_hash=[redacted]`, and the real link rides along encrypted (lib/mailing/transport
 * sealed-link.ts) until the item is finished. Never throws: a failure is logged.
 * @returns the outbox item's id, or null when it could not be queued.
 */
export async function deliverAuthEmail(db: Database, request: AuthEmailRequest): Promise<string | null> {
  const site = siteConfig();
  try {
    const message = authEmail(
      request.purpose,
      {
        to: request.to,
        siteName: site.name,
        siteUrl: site.url,
        link: request.link,
        name: request.name,
        locale: request.locale,
      },
      await authEmailTexts(request.locale),
    );
    const link = request.link;
    return await queueAuthEmail(db, {
      to: message.to,
      subject: message.subject,
      text: link ? message.text.split(link).join(redactLink(link)) : message.text,
      purpose: request.purpose,
      ...(link
        ? {
            sealed: sealLink(link),
            ...(request.linkExpiresAt ? { linkExpiresAt: request.linkExpiresAt.toISOString() } : {}),
          }
        : {}),
    });
  } catch (error) {
    console.error(
      `[auth] queueing an account email (${request.purpose}) failed:`,
      error instanceof Error ? error.message : error,
    );
    return null;
  }
}
