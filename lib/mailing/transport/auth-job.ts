import 'server-only';

import { env } from '@/lib/config/env';
import type { OutboxItem, SideEffectOutcome } from '@/lib/db';

import { openSealedLink, redactLink } from './sealed-link';
import { type SendOptions, sendEmail } from './send';

/** Outbox kind of the account emails (the same string as lib/db AUTH_EMAIL_KIND). */
export const AUTH_EMAIL_JOB_KIND = 'auth.email';

/** A job outcome; `final`: retrying cannot help (the item is given up at once). */
export type AuthEmailOutcome = SideEffectOutcome & { final?: boolean };

const text = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * Sends one queued account email (outbox kind 'auth.email', queued by lib/auth/delivery.ts): the stored message
 * with its redacted link replaced by the real one, opened from the payload's `sealed` copy (lib/mailing/transport/sealed-link.ts),
 * through `sendEmail` (SMTP, or without SMTP_URL the mail folder). A link that cannot be opened (the key is gone) or
 * whose `linkExpiresAt` has passed is a final failure: sending it would only deliver a dead link (without
EMAIL_LINK_SECRET an unopenable link is retried instead, in case the process that sealed it drains it). Never throws.
 */
export async function runAuthEmailJob(
  item: Pick<OutboxItem, 'id' | 'kind' | 'payload'>,
  options: Pick<SendOptions, 'smtpUrl' | 'from' | 'mailDir'> = {},
): Promise<AuthEmailOutcome> {
  const { to, subject, text: body, sealed, linkExpiresAt } = item.payload ?? {};
  if (!text(to, 320) || !text(subject, 500) || !text(body, 20_000))
    return { ok: false, error: 'auth.email: malformed payload', final: true };
  let message = body;
  if (sealed !== undefined) {
    if (typeof linkExpiresAt === 'string' && Date.parse(linkExpiresAt) <= Date.now())
      return { ok: false, error: 'auth.email: the link expired before it could be sent', final: true };
    const link = openSealedLink(sealed);
    const redacted = link ? redactLink(link) : null;
    if (!link || !redacted || !body.includes(redacted))
      return {
        ok: false,
        error:
          'auth.email: the link cannot be opened (EMAIL_LINK_SECRET changed, or unset and another process)',
        // Without EMAIL_LINK_SECRET each process has its own key: the server that queued the item may still open
        // it (when `npm run outbox:drain` claimed it), so it is retried until the link's expiry ends it.
        final: Boolean(env().EMAIL_LINK_SECRET),
      };
    message = body.split(redacted).join(link);
  }
  const outcome = await sendEmail(
    { to, subject, text: message },
    { ...options, reference: `outbox ${item.id} (auth.email)` },
  );
  return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
}
