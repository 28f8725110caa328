import 'server-only';

import { createTranslator } from 'next-intl';

import { loadMessages } from '@/i18n/messages';
import { routing, type Locale } from '@/i18n/routing';
import { siteConfig } from '@/lib/config/site';
import { type Database, recordAuthEmail } from '@/lib/db';
import { sendEmail } from '@/lib/email';

import { type AuthEmailTexts, authEmail } from './emails';
import type { AuthEmailRequest } from './local';

/**
 * The `AccountEmails` texts in `locale` (English for an unknown locale or a missing key). next-intl's
 * `createTranslator` over the loaded catalogue rather than `getTranslations`, so it needs no request scope and
 * works the same in server actions, route handlers and tests.
 */
export async function authEmailTexts(locale: string | undefined): Promise<AuthEmailTexts> {
  const known: Locale = (routing.locales as readonly string[]).includes(locale ?? '')
    ? (locale as Locale)
    : routing.defaultLocale;
  const messages = await loadMessages(known);
  const t = createTranslator({ locale: known, messages, namespace: 'AccountEmails' as never });
  return (key, values) => (t as unknown as AuthEmailTexts)(key, values);
}

/**
 * Delivers a local account email (DESIGN.md §2 "email out") in the person's language (`request.locale`, the
 * locale of the form they used): sends it with `sendEmail` (SMTP when SMTP_URL is set; otherwise the outbox is
 * the delivery) and records it in the outbox table, kind 'auth.email', with its link, so without SMTP an admin
 * reads it there. Never throws: a failure is logged and recorded as 'failed'.
 */
export async function deliverAuthEmail(db: Database, request: AuthEmailRequest): Promise<void> {
  const site = siteConfig();
  let message;
  try {
    message = authEmail(
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
  } catch (error) {
    console.error('[auth] building an account email failed:', error instanceof Error ? error.message : error);
    return;
  }
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
