// POST /api/mailchimp/subscribe – the newsletter proxy route of docs/SPEC-NOTES.md §7 (JSON in, {success} out); see lib/mailing.
import { after } from 'next/server';

import { SUBSCRIBE_RATE_LIMITED, handleSubscribeRequest } from '@/lib/mailing';
import { route } from '@/lib/safe-action';

/**
 * Counted per client against the forms' budget (FORM_RATE_LIMIT_*, apart from the forms: 429
 * `{ success: false, error: 'rate_limited' }` with Retry-After) before the body is read; every answer `no-store`.
 */
export const POST = route(
  // The confirmation email goes out after the answer, so its timing tells nothing about the address.
  (request) => handleSubscribeRequest(request, { defer: after }),
  { limit: 'subscribe', limitedBody: SUBSCRIBE_RATE_LIMITED, cache: 'no-store' },
);
