/**
 * The data-rights request log's vocabulary (client-safe: the log's form and table use it too). A request is logged
 * in the audit trail without the person's address (lib/data-rights/requests.ts), so the log outlives an erasure.
 */

/** What the person asked for (UK GDPR articles 15-21). */
export const REQUEST_KINDS = ['access', 'erasure', 'rectification', 'objection', 'other'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Who asked: the person, or someone on their behalf (with their authority). */
export const REQUESTERS = ['self', 'representative'] as const;
export type Requester = (typeof REQUESTERS)[number];

/**
 * How the requester's identity was checked: signed in to their confirmed account; a reply from the address we hold;
 * a document seen (not kept); known to staff in person; another way.
 */
export const IDENTITY_CHECKS = ['account', 'address', 'document', 'known', 'other'] as const;
export type IdentityCheck = (typeof IDENTITY_CHECKS)[number];

/** How a request ended. */
export const REQUEST_OUTCOMES = ['done', 'refused', 'withdrawn'] as const;
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number];

/**
 * The day a request must be answered by: one calendar month after the day it was received (the ICO's reading: 3
 * January → 3 February; with no such day in the next month, its last day: 31 January → 28 or 29 February).
 * `received` and the result are 'YYYY-MM-DD'.
 */
export function requestDueOn(received: string): string {
  const [y, m, d] = received.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const due = new Date(Date.UTC(y, m, Math.min(d, lastDay)));
  return due.toISOString().slice(0, 10);
}

/** The request log's notices after a post (`?request=`): done, or why not. */
export const REQUEST_NOTICES = ['logged', 'closed', 'invalid', 'not-open', 'server'] as const;
export type RequestNotice = (typeof REQUEST_NOTICES)[number];
