/**
 * The value lists of the tables' CHECK constraints that the pages and browser code show and filter by (lib/db/schema.ts
 * builds the constraints from them; lib/back-office/shared.ts re-exports them to client components). Pure
 * constants: no drizzle, no I/O, safe in the browser.
 */

export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'experienced'] as const;
/**
 * Newsletter consent (double opt-in): `pending` until the emailed confirmation link is opened, then `active`;
 * `unsubscribed` is final for anonymous requests (only the person's own confirmation link re-activates it).
 */
export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed'] as const;
/**
 * Where a network registration stands in the charity's follow-up (issue 17 item 3): `new` on arrival, `welcomed`
 * once someone has been in touch, `active` while they take part, `left` when they no longer do.
 */
export const VOLUNTEER_STATUSES = ['new', 'welcomed', 'active', 'left'] as const;
/** Where an enquiry stands in the staff inbox: `new` until someone opens or works on it. */
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
