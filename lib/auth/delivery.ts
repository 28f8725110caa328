import 'server-only';

import { siteConfig } from '@/lib/config/site';
import { type Database, recordAuthEmail } from '@/lib/db';
import { sendEmail } from '@/lib/email';

import { authEmail } from './emails';
import type { AuthEmailRequest } from './local';

/**
 * Delivers a local account email (DESIGN.md §2 "email out"): sends it with `sendEmail` (SMTP when SMTP_URL is
 * set; otherwise the outbox is the delivery) and records it in the outbox table, kind 'auth.email', with its
 * link, so without SMTP an admin reads it there. Never throws: a failure is logged and recorded as 'failed'.
 */
export async function deliverAuthEmail(db: Database, request: AuthEmailRequest): Promise<void> {
  const site = siteConfig();
  const message = authEmail(request.purpose, {
    to: request.to,
    siteName: site.name,
    siteUrl: site.url,
    link: request.link,
    name: request.name,
  });
  const outcome = await sendEmail(message, { reference: `auth.email (${request.purpose})` });
  try {
    await recordAuthEmail(db, { ...message, purpose: request.purpose }, outcome.ok ? { ok: true } : outcome);
  } catch (error) {
    console.error(
      '[auth] recording an account email failed:',
      error instanceof Error ? error.message : error,
    );
  }
  if (!outcome.ok) console.warn(`[auth] account email (${request.purpose}) not sent: ${outcome.error}`);
}
