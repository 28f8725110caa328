import 'server-only';

import type { ActionResult } from '@/lib/action-result';
import { type Database, claimRequestKey, getDb, releaseRequestKey, settleRequestKey } from '@/lib/db';
import type { RequestClaimAnswer, RequestLedger } from '@/lib/safe-action';

/**
 * The back office's single-use request keys (D4 of the back-office review: a double-clicked 'Send reply' emailed
 * the person twice), as the action pipeline's `once` ledger (lib/safe-action.ts) over the back_office_requests
 * table (lib/db/queries/requests.ts). Every staff form renders a fresh UUID in its hidden `requestKey` field
 * (components/back-office/staff-form.tsx); the first submit with it claims the row and runs the operation, whose
 * result is stored; a second submit with the same key (a double click, a resent post, a reload of the POST) runs
 * nothing and answers that stored result, so its redirect shows the same notice. While the first is still
 * running the second waits for it (up to `waitMs`), then answers 409 'busy'. A key claimed by another member of
 * staff is refused (400 'invalid'). Keys live a day (pruned by the outbox worker's housekeeping).
 */

/** How often and how long a second submit waits for the first one's result. */
const POLL_MS = 100;
const WAIT_MS = 10_000;

export type LedgerOptions = { db?: Database; waitMs?: number };

/** The ledger over the site database (`db` and `waitMs` for tests). */
export function requestLedger({ db, waitMs = WAIT_MS }: LedgerOptions = {}): RequestLedger {
  const database = async () => db ?? (await getDb());
  return {
    async claim(key, actorId, action): Promise<RequestClaimAnswer> {
      const started = Date.now();
      for (;;) {
        const claim = await claimRequestKey(await database(), { key, actorId, action });
        if (claim.claimed) return { run: true };
        if (claim.actorId !== actorId || claim.action !== action)
          return { run: false, result: { ok: false, status: 400, error: 'invalid' } };
        if (claim.outcome) return { run: false, result: claim.outcome as ActionResult<unknown, string> };
        if (Date.now() - started >= waitMs)
          return { run: false, result: { ok: false, status: 409, error: 'busy' } };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async settle(key, result) {
      await settleRequestKey(await database(), key, result as Record<string, unknown>);
    },
    async release(key) {
      await releaseRequestKey(await database(), key);
    },
  };
}

/** The ledger every back-office action uses (lib/back-office/actions.ts). */
export const backOfficeLedger: RequestLedger = requestLedger();
