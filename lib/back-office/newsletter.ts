import 'server-only';

import { z } from 'zod';

import {
  BACK_OFFICE_ROW_LIMIT,
  enqueueOutbox,
  findNewsletterSubscriberById,
  getDb,
  listSubscribers,
  unsubscribeNewsletterSubscriber,
} from '@/lib/db';
import {
  NEWSLETTER_UNSUBSCRIBE_KIND,
  hasMailingProvider,
  mailingProvider,
  runMailingJob,
} from '@/lib/mailing';

import { csvResponse, toCsv } from './csv';
import type { SubscriberFilterInput } from './filters';
import { type Actor, type BackOfficeDeps, audit, notFound, staffOp } from './op';

/**
 * Newsletter subscribers (issue 17 item 4): the list's read for /admin/newsletter, unsubscribe and resync, and
 * the CSV export. Re-exported by lib/back-office/index.ts, ops.ts and exports.ts.
 */

/** The subscribers matching `filter` and the configured mailing provider's name (null: none). */
export async function subscribersPage(filter: SubscriberFilterInput) {
  const rows = await listSubscribers(await getDb(), filter);
  return {
    rows,
    provider: mailingProvider(),
    capped: rows.length >= BACK_OFFICE_ROW_LIMIT,
    limit: BACK_OFFICE_ROW_LIMIT,
  };
}

/** The forms that act on one row: its id. */
const idInput = z.object({ id: z.uuid() });

/**
 * Unsubscribes a subscriber on their behalf (they asked by phone or email), as their own link does
 * (lib/mailing/newsletter.ts): an active row becomes `unsubscribed` with its consent time kept and, with a
 * provider configured, a 'newsletter.unsubscribe' item is queued in the same transaction; a pending row, which
 * never consented, is deleted. @returns the status the row had before, or 404.
 */
export const unsubscribeSubscriber = staffOp(idInput, async ({ id }, user, deps) => {
  const before = await (deps.db ?? (await getDb())).transaction(async (tx) => {
    const row = await findNewsletterSubscriberById(tx, id, { forUpdate: true });
    if (!row) return null;
    const previous = await unsubscribeNewsletterSubscriber(tx, row.id);
    if (previous === 'active' && hasMailingProvider(deps.mailing))
      await enqueueOutbox(tx, {
        kind: NEWSLETTER_UNSUBSCRIBE_KIND,
        payload: { subscriberId: row.id, email: row.email },
      });
    await audit(tx, user, 'newsletter.unsubscribe', row.id, { before: previous });
    return previous;
  });
  return before ? { before } : notFound;
});

/**
 * Sends a subscriber's current state to the mailing provider now, through the outbox's client code (lib/mailing
 * `runMailingJob`): an active row is synced, an unsubscribed one unsubscribed there; the outcome is recorded on
 * the row. A pending row has nothing to send ('nothing'); with no provider the sync is recorded as skipped.
 * @returns the outcome ('synced', 'failed', 'nothing'), or 404.
 */
export const resyncSubscriber = staffOp(idInput, async ({ id }, user, deps) => {
  const db = deps.db ?? (await getDb());
  const row = await findNewsletterSubscriberById(db, id);
  if (!row) return notFound;
  if (row.status === 'pending') return { outcome: 'nothing' as const };
  const payload = { subscriberId: row.id, email: row.email, locale: row.locale, source: row.source };
  const kind = row.status === 'active' ? 'newsletter.sync' : NEWSLETTER_UNSUBSCRIBE_KIND;
  const outcome = await runMailingJob({ kind, payload }, { ...deps.mailing, db });
  await audit(db, user, 'newsletter.resync', row.id, { ok: outcome.ok });
  return { outcome: outcome.ok ? ('synced' as const) : ('failed' as const) };
});

export const SUBSCRIBER_CSV_HEADER = [
  'id',
  'email',
  'status',
  'source',
  'locale',
  'signed_up_at',
  'consented_at',
  'sync_status',
  'sync_attempts',
  'synced_at',
] as const;

/** The newsletter subscribers (optionally of one status) as a CSV download, recorded in the audit trail. */
export async function exportSubscribersCsv(
  filter: SubscriberFilterInput,
  user: Actor,
  deps: BackOfficeDeps = {},
): Promise<Response> {
  const db = deps.db ?? (await getDb());
  const rows = await listSubscribers(db, filter);
  await audit(db, user, 'newsletter.export', null, { filter, rows: rows.length });
  const csv = toCsv(
    SUBSCRIBER_CSV_HEADER,
    rows.map((s) => [
      s.id,
      s.email,
      s.status,
      s.source,
      s.locale,
      s.createdAt,
      s.consentedAt,
      s.syncStatus,
      s.syncAttempts,
      s.syncedAt,
    ]),
  );
  return csvResponse('newsletter-subscribers', csv);
}
