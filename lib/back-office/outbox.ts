import 'server-only';

import { z } from 'zod';

import {
  deliveryKinds,
  getDb,
  giveUpDelivery as giveUpRow,
  listDeliveries,
  retryDelivery as retryRow,
} from '@/lib/db';
import { OUTBOX_ALERT_KIND } from '@/lib/mailing';

import type { DeliveryFilterInput } from './filters';
import { audit, busy, staffOp } from './op';

/**
 * Deliveries (issue 17 item 5; back-office review D15): the outbox items not sent yet for /admin/outbox, with whom
 * each concerns, filters, and retry / give up. Never the items' payloads. Re-exported by lib/back-office/index.ts and ops.ts.
 */

/** Kinds the Deliveries page neither lists nor acts on: the alerts' own records (never jobs). */
export const DELIVERY_EXCLUDED_KINDS = [OUTBOX_ALERT_KIND];

/**
 * The waiting and the given-up items matching `filter` (status, kind, text in the person's name or email, the kind
 * or the error), each with whom it concerns and without its payload; each section's total; the kinds present.
 */
export async function deliveriesPage(filter: DeliveryFilterInput = {}) {
  const db = await getDb();
  const [lists, kinds] = await Promise.all([
    listDeliveries(db, { ...filter, exceptKinds: DELIVERY_EXCLUDED_KINDS }),
    deliveryKinds(db, { exceptKinds: DELIVERY_EXCLUDED_KINDS }),
  ]);
  return { ...lists, kinds };
}

const idInput = z.object({ id: z.uuid() });

/**
 * Retry now: an unsent item becomes due at once; a failed one gets a fresh round of retries. 409 'busy' when the
 * item is unknown, sent, an alert record, or in a worker's hands right now.
 */
export const retryDelivery = staffOp(idInput, async ({ id }, user, deps) => {
  const row = await (deps.db ?? (await getDb())).transaction(async (tx) => {
    const done = await retryRow(tx, id, { exceptKinds: DELIVERY_EXCLUDED_KINDS });
    if (done) await audit(tx, user, 'outbox.retry', done.id, { kind: done.kind });
    return done;
  });
  return row ? { id: row.id } : busy;
});

/** Give up a pending item: it will not be sent, and the failure alert leaves it out. 409 'busy' as retry. */
export const giveUpDelivery = staffOp(idInput, async ({ id }, user, deps) => {
  const row = await (deps.db ?? (await getDb())).transaction(async (tx) => {
    const done = await giveUpRow(tx, id);
    if (done) await audit(tx, user, 'outbox.give-up', done.id, { kind: done.kind });
    return done;
  });
  return row ? { id: row.id } : busy;
});
