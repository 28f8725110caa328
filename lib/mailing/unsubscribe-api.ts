import 'server-only';

import { z } from 'zod';

import { localizeHref } from '@/i18n/client-paths';
import { routing } from '@/i18n/routing';
import { type Database, getDb } from '@/lib/db';
import { readBodyCapped } from '@/lib/http/body';

import { NEWSLETTER_PATHS } from './emails';
import { type FlowOptions, unsubscribeNewsletter } from './newsletter';

/** A one-click body is `List-Unsubscribe=One-Click` (RFC 8058 §3.1); anything much larger is not one. */
const MAX_BODY_BYTES = 2048;
const NO_STORE = { 'cache-control': 'no-store' };

const query = z.object({
  token: z.string().min(1).max(200),
  locale: z.enum(routing.locales).catch(routing.defaultLocale),
});

export interface UnsubscribeDeps extends FlowOptions {
  /** Default `getDb()`. */
  db?: Database;
}

function fail(status: number, error: string): Response {
  return Response.json({ success: false, error }, { status, headers: NO_STORE });
}

/** Whether the body says `List-Unsubscribe=One-Click`, as urlencoded or multipart form data. */
async function isOneClick(request: Request): Promise<boolean | 'too-large'> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return 'too-large';
  const type = request.headers.get('content-type') ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    try {
      return (await request.formData()).get('List-Unsubscribe') === 'One-Click';
    } catch {
      return false;
    }
  }
  const text = await readBodyCapped(request.body, MAX_BODY_BYTES);
  if (text === null) return 'too-large';
  return new URLSearchParams(text.trim()).get('List-Unsubscribe') === 'One-Click';
}

/**
 * POST /api/newsletter/unsubscribe?token=… – RFC 8058 one-click unsubscribe, sent by mail clients from the
 * `List-Unsubscribe` header (no cookies, no same-site Origin: the signed token is the proof). Requires the body
 * `List-Unsubscribe=One-Click`, then unsubscribes (lib/mailing `unsubscribeNewsletter`; the provider is told after
 * the response). @returns 200 {success:true} (also for an address already unsubscribed); 400 'invalid_token',
 * 'expired_token' or 'not_one_click'; 413 for a body over 2 KB; 500 'server_error'. Never a redirect (RFC 8058).
 */
export async function handleOneClickUnsubscribe(
  request: Request,
  deps: UnsubscribeDeps = {},
): Promise<Response> {
  try {
    const url = new URL(request.url);
    const parsed = query.safeParse({
      token: url.searchParams.get('token'),
      locale: url.searchParams.get('locale') ?? undefined,
    });
    if (!parsed.success) return fail(400, 'invalid_token');
    const oneClick = await isOneClick(request);
    if (oneClick === 'too-large') return fail(413, 'payload_too_large');
    if (!oneClick) return fail(400, 'not_one_click');
    const db = deps.db ?? (await getDb());
    const outcome = await unsubscribeNewsletter(db, parsed.data.token, deps);
    if (outcome !== 'unsubscribed') return fail(400, `${outcome}_token`);
    return Response.json({ success: true }, { headers: NO_STORE });
  } catch (error) {
    console.error('[mailing] POST /api/newsletter/unsubscribe failed', error);
    return fail(500, 'server_error');
  }
}

/**
 * GET /api/newsletter/unsubscribe?token=…[&locale=…] – a person (or a link checker) opening the header's URL:
 * 303 to the translated /newsletter/unsubscribe page with the same token, which asks before acting.
 */
export function oneClickLanding(request: Request): Response {
  const url = new URL(request.url);
  const parsed = query.safeParse({
    token: url.searchParams.get('token'),
    locale: url.searchParams.get('locale') ?? undefined,
  });
  const locale = parsed.success ? parsed.data.locale : routing.defaultLocale;
  const path = localizeHref(locale, NEWSLETTER_PATHS.unsubscribe);
  const search = parsed.success ? `?${new URLSearchParams({ token: parsed.data.token })}` : '';
  // A relative Location: behind a reverse proxy the request URL carries the bind address, not the site's.
  return new Response(null, { status: 303, headers: { location: `${path}${search}`, ...NO_STORE } });
}
