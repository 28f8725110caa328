/**
 * Screening for the signed webhook (`POST /api/revalidate`), which the proxy does not run for: a correctly
 * signed call never counts (WordPress sends bursts of them from one address during a bulk edit), but every
 * refused one does. After `WEBHOOK_FAILURE_LIMIT` refusals in `SCREENING_WINDOW_SECONDS` a client is answered
 * 429 before its body is read. Counts live in Redis when `REDIS_URL` is set, like the rest of screening.
 */
import { env } from '@/lib/config/env';

import { type LimitDecision, clientIp, rateLimit } from '@/lib/rate-limit';

import type { HeaderReader } from './classify';

export { WEBHOOK_FAILURE_LIMIT } from '@/lib/rate-limit';

/** The refused-call budget (lib/rate-limit 'screening:webhook'). */
const failures = () => rateLimit('screening:webhook');

export type WebhookScreen = {
  /** `allowed: false` (with seconds to wait) when this client has used up its refusals. Counts nothing. */
  check(): Promise<LimitDecision>;
  /** Counts one refused call for this client. */
  refused(): Promise<void>;
};

/** The webhook screen for the client that sent `headers` (trusted proxy header, else the socket address). */
export function webhookScreen(headers: HeaderReader): WebhookScreen {
  const ip = clientIp(headers);
  const enabled = env().SCREENING_ENABLED;
  return {
    check: async () => (enabled ? failures().peek(ip) : { allowed: true, remaining: -1 }),
    async refused() {
      if (enabled) await failures().consume(ip);
    },
  };
}
