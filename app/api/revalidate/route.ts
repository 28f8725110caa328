// POST /api/revalidate – WordPress webhook: refreshes the cached pages a content change affects.
import { revalidateTag } from 'next/cache';

import { TAGS, tagsForChange } from '@/lib/cms';
import {
  MAX_BODY_BYTES,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  changeOf,
  verifyWebhook,
  webhookBodySchema,
} from '@/lib/cms/webhook';
import { env } from '@/lib/config/env';

/** Signatures already used inside the replay window, so a captured request cannot be sent twice. */
const seen = new Map<string, number>();

function remember(signature: string, now: number) {
  for (const [sig, at] of seen) if (now - at > 600) seen.delete(sig);
  seen.set(signature, now);
}

export async function POST(request: Request) {
  const secret = env().REVALIDATE_SECRET;
  if (!secret) return Response.json({ error: 'Revalidation is not configured' }, { status: 503 });

  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) return Response.json({ error: 'Body too large' }, { status: 413 });
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return Response.json({ error: 'Body too large' }, { status: 413 });

  const now = Math.floor(Date.now() / 1000);
  const signature = request.headers.get(SIGNATURE_HEADER);
  const check = verifyWebhook(
    secret,
    { signature, timestamp: request.headers.get(TIMESTAMP_HEADER) },
    body,
    now,
  );
  if (!check.ok || (signature && seen.has(signature))) {
    return Response.json({ error: 'Invalid signature' }, { status: 401 });
  }
  if (signature) remember(signature, now);

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return Response.json({ error: 'Body is not JSON' }, { status: 422 });
  }
  const parsed = webhookBodySchema.safeParse(json);
  if (!parsed.success) {
    return Response.json(
      { error: 'Invalid body', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) },
      { status: 422 },
    );
  }

  const tags = tagsForChange(changeOf(parsed.data));
  for (const tag of tags) revalidateTag(tag, 'max');
  console.info(
    `[cms] webhook ${parsed.data.kind} ${parsed.data.action} ${parsed.data.slug}: revalidated ${tags.join(', ')}`,
  );
  return Response.json({ revalidated: tags, all: tags.includes(TAGS.all) });
}
