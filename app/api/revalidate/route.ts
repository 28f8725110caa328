// POST /api/revalidate – WordPress webhook: refreshes the cached pages a content change affects.
import { revalidateTag } from 'next/cache';

import { TAGS, tagsForChange } from '@/lib/cms';
import { noteRedirectChange } from '@/lib/cms/redirects';
import { noteContentChange } from '@/lib/cms/slug-index';
import {
  MAX_BODY_BYTES,
  REPLAY_WINDOW_SECONDS,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  changeOf,
  describeChange,
  isTakedown,
  verifyWebhook,
  webhookBodySchema,
} from '@/lib/cms/webhook';
import { stateRedisUrl } from '@/lib/cache/state-url';
import { env } from '@/lib/config/env';
import { recordWebhookCall } from '@/lib/log/recent';
import { webhookScreen } from '@/lib/screening/webhook-guard';
import { readBodyWithLimit } from '@/lib/security/read-body';
import { createReplayGuard, type ReplayGuard } from '@/lib/security/replay-guard';

/**
 * Signatures already used inside the replay window, so a captured request cannot be sent twice: in Redis when
 * the state Redis is configured (REDIS_STATE_URL, else REDIS_URL: shared by every instance), else in this process.
 */
let replays: ReplayGuard | undefined;

function replayGuard(): ReplayGuard {
  replays ??= createReplayGuard({
    // Twice the window: a timestamp is accepted up to the window either side of now.
    ttlSeconds: 2 * REPLAY_WINDOW_SECONDS,
    keyPrefix: 'webhook:revalidate:seen',
    redisUrl: stateRedisUrl(),
  });
  return replays;
}

const noStore = { 'Cache-Control': 'no-store' };
const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...noStore, ...headers } });

/**
 * The proxy does not run for this route (proxy.ts `matcher`), so the body is never buffered before the checks
 * below. In order: not configured 503; a client with too many refused calls 429 (lib/screening/webhook-guard.ts),
 * before anything is read; no or stale signature headers 401, before the body is read; a body over 16 KB 413
 * (read as a stream, so a chunked body is abandoned at the cap); a wrong signature or a replay 401; not a
 * valid change 422. Every refusal counts against the client's budget of refusals; a valid call never does.
 */
export async function POST(request: Request) {
  const secret = env().REVALIDATE_SECRET;
  if (!secret) return answer({ error: 'Revalidation is not configured' }, 503);

  const screen = webhookScreen(request.headers);
  const allowed = await screen.check();
  if (!allowed.allowed) {
    recordWebhookCall({ status: 429, result: 'rate-limited' });
    return answer({ error: 'Too many refused requests' }, 429, {
      'Retry-After': String(allowed.retryAfterSeconds),
    });
  }
  const refuse = async (body: unknown, status: number, result: string) => {
    await screen.refused();
    recordWebhookCall({ status, result });
    return answer(body, status);
  };

  const now = Math.floor(Date.now() / 1000);
  const headers = {
    signature: request.headers.get(SIGNATURE_HEADER),
    timestamp: request.headers.get(TIMESTAMP_HEADER),
  };
  // Headers alone decide 'missing' and 'stale': refuse those before reading a byte of the body.
  const early = verifyWebhook(secret, headers, '', now);
  if (!early.ok && early.reason !== 'mismatch')
    return refuse({ error: 'Invalid signature' }, 401, 'invalid-signature');

  const read = await readBodyWithLimit(request, MAX_BODY_BYTES);
  if (!read.ok) return refuse({ error: 'Body too large' }, 413, 'too-large');
  const body = read.text;

  const check = verifyWebhook(secret, headers, body, now);
  if (!check.ok || !headers.signature)
    return refuse({ error: 'Invalid signature' }, 401, 'invalid-signature');
  if (!(await replayGuard().claim(headers.signature.trim()))) {
    return refuse({ error: 'Invalid signature' }, 401, 'replay');
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    recordWebhookCall({ status: 422, result: 'invalid-body' });
    return answer({ error: 'Body is not JSON' }, 422);
  }
  const parsed = webhookBodySchema.safeParse(json);
  if (!parsed.success) {
    recordWebhookCall({ status: 422, result: 'invalid-body' });
    return answer(
      { error: 'Invalid body', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) },
      422,
    );
  }

  const change = changeOf(parsed.data);
  const tags = tagsForChange(change);
  // A takedown (unpublish, trash, delete) expires at once: the next request renders afresh and is never served
  // the removed content; an edit keeps stale-while-revalidate ('max').
  const profile = isTakedown(parsed.data) ? { expire: 0 } : 'max';
  for (const tag of tags) revalidateTag(tag, profile);
  // The proxy's index of content slugs (unknown slugs are a 404 there) learns of the change at once.
  const noted = {
    ...change,
    action: parsed.data.action,
    status: parsed.data.kind === 'post' ? parsed.data.status : undefined,
  };
  noteContentChange(noted);
  // The proxy's redirects (lib/cms/redirects.ts): new rules, or a post's old slug now leading to its new one.
  noteRedirectChange(noted);
  const described = describeChange(parsed.data);
  recordWebhookCall({
    status: 200,
    result: isTakedown(parsed.data) ? 'expired' : 'revalidated',
    action: parsed.data.action,
    ...described,
    tags: tags.length,
  });
  console.info(
    `[cms] webhook ${parsed.data.kind} ${parsed.data.action} ${described.slug}: revalidated ${tags.join(', ')}`,
  );
  return answer({ revalidated: tags, all: tags.includes(TAGS.all) });
}
