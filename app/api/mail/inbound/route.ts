// POST /api/mail/inbound – Mailgun's Route forward of an email answer to a staff reply (lib/enquiries/inbound.ts).
import { stateRedisUrl } from '@/lib/cache/state-url';
import {
  INBOUND_MAX_BODY_BYTES,
  INBOUND_REPLAY_WINDOW_SECONDS,
  mailgunInboundSchema,
  receiveInboundReply,
  verifyMailgunSignature,
} from '@/lib/enquiries';
import { env } from '@/lib/config/env';
import { inboundMailAddress } from '@/lib/mailing';
import { route } from '@/lib/safe-action';
import { webhookScreen } from '@/lib/screening/webhook-guard';
import { readBytesWithLimit } from '@/lib/security/read-body';
import { type ReplayGuard, createReplayGuard } from '@/lib/security/replay-guard';

/** Tokens already used inside the replay window (Redis when configured, so every instance refuses a replay). */
let replays: ReplayGuard | undefined;
function replayGuard(): ReplayGuard {
  replays ??= createReplayGuard({
    ttlSeconds: 2 * INBOUND_REPLAY_WINDOW_SECONDS,
    keyPrefix: 'webhook:mail-inbound:seen',
    redisUrl: stateRedisUrl(),
  });
  return replays;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * In order: inbound mail not configured (INBOUND_MAIL_ADDRESS and MAILGUN_WEBHOOK_SIGNING_KEY) 404; a client with
 * too many refused posts 429, before anything is read; not a form post 415; over 4 MB 406 (Mailgun does not retry a
 * 406); fields that are not Mailgun's 422; a wrong signature, a timestamp outside 5 minutes or a token used before
 * 401; then the answer is stored (`receiveInboundReply`) and 200 `{ ok, outcome: 'saved' | 'duplicate' }`, or 406
 * for a recipient that is not one of our reply addresses or an enquiry that no longer exists (nothing kept).
 * Refusals count against the client's refusal budget (lib/screening/webhook-guard.ts); valid posts never do.
 */
export const POST = route(
  async (request) => {
    const address = inboundMailAddress();
    const signingKey = env().MAILGUN_WEBHOOK_SIGNING_KEY;
    if (!address || !signingKey) return Response.json({ error: 'not-configured' }, { status: 404 });
    const screen = webhookScreen(request.headers);
    const allowed = await screen.check();
    if (!allowed.allowed)
      return Response.json(
        { error: 'rate-limited' },
        { status: 429, headers: { 'Retry-After': String(allowed.retryAfterSeconds) } },
      );
    const refuse = async (status: number, error: string) => {
      await screen.refused();
      return Response.json({ error }, { status });
    };
    const type = request.headers.get('content-type') ?? '';
    if (!FORM_TYPES.test(type)) return refuse(415, 'unsupported-media-type');
    const body = await readBytesWithLimit(request, INBOUND_MAX_BODY_BYTES);
    if (!body.ok) return refuse(406, 'too-large');
    let form: FormData;
    try {
      form = await new Response(body.bytes, { headers: { 'content-type': type } }).formData();
    } catch {
      return refuse(422, 'invalid');
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
    const parsed = mailgunInboundSchema.safeParse(fields);
    if (!parsed.success) return refuse(422, 'invalid');
    const check = verifyMailgunSignature(signingKey, parsed.data, Date.now());
    if (check !== 'ok') return refuse(401, check === 'stale' ? 'stale' : 'bad-signature');
    if (!(await replayGuard().claim(parsed.data.token))) return refuse(401, 'replayed');
    const result = await receiveInboundReply(parsed.data, { address });
    if (result.outcome === 'unknown-recipient' || result.outcome === 'not-found')
      return Response.json({ error: result.outcome }, { status: 406 });
    return Response.json({ ok: true, outcome: result.outcome });
  },
  { guard: 'public', cache: 'no-store' },
);
