import 'server-only';

import { z } from 'zod';

import { namespaceTranslator } from '@/i18n/messages';
import {
  countSubscribers,
  enqueueOutbox,
  findNewsletterSubscriberById,
  getDb,
  listSubscribers,
  subscriberPages,
  unsubscribeNewsletterSubscriber,
} from '@/lib/db';
import {
  NEWSLETTER_UNSUBSCRIBE_KIND,
  hasMailingProvider,
  mailingProvider,
  runMailingJob,
} from '@/lib/mailing';

import { csvResponse, csvStream, timeHeader } from './csv';
import type { SubscriberExportInput, SubscriberFilterInput } from './filters';
import { getLabels } from './labels';
import { selectionIds } from './network';
import { type Actor, type BackOfficeDeps, audit, notFound, staffOp } from './op';
import { LIST_PAGE_SIZE } from './shared';

/**
 * Newsletter subscribers (issue 17 item 4; back-office review §3 and D13): the list's read for /admin/newsletter (a
 * page, searchable by address), unsubscribe, resync (one row or a selection) and the CSV export (every matching
 * row or a selection, translated headers and labels, UK times). Re-exported by lib/back-office/index.ts, ops.ts and exports.ts.
 */

/** One page (`filter.page`, from 1) of the subscribers matching `filter`, their total and the provider's name. */
export async function subscribersPage(filter: SubscriberFilterInput) {
  const db = await getDb();
  const page = filter.page ?? 1;
  const query = { ...filter, page: undefined };
  const [rows, total] = await Promise.all([
    listSubscribers(db, { ...query, limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
    countSubscribers(db, query),
  ]);
  return { rows, total, page, pageSize: LIST_PAGE_SIZE, provider: mailingProvider() };
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
  const outcome = await resyncOne(id, user, deps);
  return outcome ? { outcome } : notFound;
});

async function resyncOne(
  id: string,
  user: Actor,
  deps: BackOfficeDeps,
): Promise<'synced' | 'failed' | 'nothing' | null> {
  const db = deps.db ?? (await getDb());
  const row = await findNewsletterSubscriberById(db, id);
  if (!row) return null;
  if (row.status === 'pending') return 'nothing';
  const payload = { subscriberId: row.id, email: row.email, locale: row.locale, source: row.source };
  const kind = row.status === 'active' ? 'newsletter.sync' : NEWSLETTER_UNSUBSCRIBE_KIND;
  const outcome = await runMailingJob({ kind, payload }, { ...deps.mailing, db });
  await audit(db, user, 'newsletter.resync', row.id, { ok: outcome.ok });
  return outcome.ok ? 'synced' : 'failed';
}

/**
 * Resyncs a selection of subscribers (the list's bulk action), one after the other as `resyncSubscriber` does
 * (pending rows have nothing to send; unknown ids are skipped). @returns how many were synced, failed or had
 * nothing to send.
 */
export const resyncSubscribers = staffOp(z.object({ ids: selectionIds }), async ({ ids }, user, deps) => {
  const counts = { synced: 0, failed: 0, nothing: 0 };
  for (const id of ids) {
    const outcome = await resyncOne(id, user, deps);
    if (outcome) counts[outcome] += 1;
  }
  return counts;
});

/**
 * The subscribers matching `input` (status and address search, or its `ids` selection) as a CSV download named
 * `newsletter-subscribers[-selection]-<date>.csv`: headers and labels (statuses, sources, forms, sync states,
 * languages) in `input.locale`, times in UK time, every row (read page after page: no cap). Recorded in the audit
 * trail (the filter and the row count) before the first row.
 */
export async function exportSubscribersCsv(
  input: SubscriberExportInput,
  user: Actor,
  deps: BackOfficeDeps = {},
): Promise<Response> {
  const db = deps.db ?? (await getDb());
  const [label, h, csv] = await Promise.all([
    getLabels(input.locale),
    namespaceTranslator(input.locale, 'BackOffice.csv.newsletter'),
    namespaceTranslator(input.locale, 'BackOffice.csv'),
  ]);
  const zone = csv('ukTime');
  const { q, status, ids } = input;
  const filter = { q, status, ids };
  await audit(db, user, 'newsletter.export', null, { filter, rows: await countSubscribers(db, filter) });
  const header = [
    h('email'),
    h('status'),
    timeHeader(h('signedUp'), zone),
    timeHeader(h('consented'), zone),
    h('source'),
    h('form'),
    h('language'),
    h('sync'),
    h('syncAttempts'),
    timeHeader(h('synced'), zone),
    h('reference'),
  ];
  async function* rows() {
    for await (const page of subscriberPages(db, filter))
      yield page.map((s) => [
        s.email,
        label('subscriberStatus', s.status),
        s.createdAt,
        s.consentedAt,
        label('source', s.source),
        label('form', s.form),
        label('locale', s.locale),
        label('syncStatus', s.syncStatus),
        s.syncAttempts,
        s.syncedAt,
        s.id,
      ]);
  }
  return csvResponse(
    ids ? 'newsletter-subscribers-selection' : 'newsletter-subscribers',
    csvStream(header, rows()),
  );
}
