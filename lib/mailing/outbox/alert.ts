import 'server-only';

import { localizedPath } from '@/i18n/paths';
import { getLabels } from '@/lib/back-office/labels';
import { env } from '@/lib/config/env';
import { siteConfig } from '@/lib/config/site';
import { type Database, failedOutboxSince, latestOutboxAt, recordOutboxEvent } from '@/lib/db';
import { sendEmail } from '@/lib/mailing/transport';
import { errorFields, logger } from '@/lib/log';

/** Outbox kind recording each admin alert (status sent/failed; never a job, so never claimed). */
export const OUTBOX_ALERT_KIND = 'outbox.alert';
/** At most one alert email per this many seconds (across instances: the last alert row decides). */
export const ALERT_INTERVAL_SECONDS = 3600;

export interface AlertOptions {
  /** Where to send; default ADMIN_ALERT_EMAIL; null/unset: no email. */
  to?: string | null;
  smtpUrl?: string | null;
  mailDir?: string;
}

/**
 * Tells the admin about outbox items given up for good: ONE summary email to ADMIN_ALERT_EMAIL covering every item
 * that failed since the last alert that was sent (kinds, counts and item ids: no addresses, no error texts, which
 * may quote personal data; the kinds named as the back office names them, and a link to its Deliveries page,
 * /admin/outbox?status=failed), at most one per ALERT_INTERVAL_SECONDS whatever the number of failures or instances.
 * The alert is sent directly (not queued: a broken SMTP server would only queue alerts about itself) and recorded
 * as an outbox row of kind 'outbox.alert'. Never throws. @returns whether an alert email was attempted.
 */
export async function alertFailedOutbox(db: Database, options: AlertOptions = {}): Promise<boolean> {
  const to = options.to === undefined ? env().ADMIN_ALERT_EMAIL : options.to;
  if (!to) return false;
  try {
    const lastTry = await latestOutboxAt(db, OUTBOX_ALERT_KIND);
    if (lastTry && Date.now() - lastTry.getTime() < ALERT_INTERVAL_SECONDS * 1000) return false;
    const failed = await failedOutboxSince(db, await latestOutboxAt(db, OUTBOX_ALERT_KIND, 'sent'), {
      exceptKind: OUTBOX_ALERT_KIND,
    });
    if (failed.length === 0) return false;
    const byKind = new Map<string, number>();
    for (const f of failed) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
    const label = await getLabels('en');
    const named = (kind: string) =>
      label('outboxKind', kind) === kind ? kind : `${label('outboxKind', kind)} (${kind})`;
    const kinds = [...byKind].map(([kind, n]) => `${named(kind)}: ${n}`);
    const site = siteConfig().name.replace(/[\u0000-\u001f\u007f]+/g, ' ');
    const page = new URL(localizedPath('en', '/admin/outbox'), siteConfig().url);
    page.searchParams.set('status', 'failed');
    const outcome = await sendEmail(
      {
        to,
        subject: `[${site}] ${failed.length} outbox item(s) could not be delivered`,
        text: [
          `The website gave up on ${failed.length} outbox item(s) after retrying for days.`,
          '',
          ...kinds,
          '',
          `See them, whom each concerns and why it failed, in the back office (Deliveries): ${page.toString()}`,
          '',
          'Item ids:',
          ...failed.map((f) => `- ${f.id} (${f.kind}, ${f.attempts} attempts)`),
          '',
          'Check SMTP_URL and the mailing provider settings, then press Retry now on the items that still matter.',
        ].join('\n'),
      },
      { smtpUrl: options.smtpUrl, mailDir: options.mailDir, reference: 'outbox alert' },
    );
    await recordOutboxEvent(db, {
      kind: OUTBOX_ALERT_KIND,
      payload: { failed: failed.length, kinds: Object.fromEntries(byKind) },
      ok: outcome.ok,
      error: outcome.ok ? undefined : outcome.error,
    });
    if (!outcome.ok) logger().error({ component: 'outbox' }, 'alert email not sent (reason in the outbox)');
    return true;
  } catch (error) {
    logger().error({ component: 'outbox', ...errorFields(error) }, 'alert failed');
    return false;
  }
}
