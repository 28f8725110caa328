// GET /api/preview – WordPress's Preview button: checks the signed link, turns on draft mode, opens the page.
import { draftMode } from 'next/headers';

import { localizedPath } from '@/i18n/paths';
import { CmsError } from '@/lib/cms/errors';
import { draftSlug, fetchDraft, previewConfigured } from '@/lib/cms/preview';
import {
  PREVIEW_COOKIE_TTL_SECONDS,
  PREVIEW_HEADERS,
  previewCookieHeader,
  previewLinkSchema,
  previewPath,
  signPreviewCookie,
  verifyPreviewLink,
} from '@/lib/cms/preview-token';
import { env } from '@/lib/config/env';
import { route } from '@/lib/safe-action';

const text = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: { ...PREVIEW_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });

/**
 * `?type&id&exp&sig[&locale]` (lib/cms/preview-token.ts). Not configured 503; malformed query 400; wrong or
 * expired signature 401 (before WordPress is asked anything); no such post 404; a type the site shows nowhere
 * (a page other than the home page) 404; WordPress unreachable 502. Otherwise draft mode on, the signed preview
 * cookie set, and a 307 to the page (e.g. `/blog/{slug}`), where the draft is read with the server's credential.
 * Every answer `private, no-store` (PREVIEW_HEADERS and the route wrapper agree).
 */
export const GET = route(async (request) => {
  const secret = env().REVALIDATE_SECRET;
  if (!secret || !previewConfigured()) return text(503, 'Previews are not configured on this site.');

  const query = previewLinkSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return text(400, 'This preview link is not valid.');
  const now = Math.floor(Date.now() / 1000);
  const check = verifyPreviewLink(secret, query.data, now);
  if (!check.ok) {
    return text(
      401,
      check.reason === 'expired'
        ? 'This preview link has expired. Press Preview in WordPress again.'
        : 'This preview link is not valid.',
    );
  }

  let draft: Awaited<ReturnType<typeof fetchDraft>>;
  try {
    draft = await fetchDraft(query.data.type, query.data.id);
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    console.warn(`[cms] preview of ${query.data.type} ${query.data.id}: ${error.message}`);
    return text(502, 'WordPress could not be reached for the preview. Try again in a moment.');
  }
  if (!draft) return text(404, 'This content no longer exists in WordPress.');

  const slug = draftSlug(draft);
  const path = previewPath(query.data.type, slug);
  if (!path) return text(404, 'This content is not shown on the website, so it has no preview here.');

  (await draftMode()).enable();
  const cookie = signPreviewCookie(secret, {
    type: query.data.type,
    id: query.data.id,
    slug,
    path,
    exp: now + PREVIEW_COOKIE_TTL_SECONDS,
  });
  const headers = new Headers(PREVIEW_HEADERS);
  headers.set('Location', localizedPath(query.data.locale ?? 'en', path));
  headers.append(
    'Set-Cookie',
    previewCookieHeader(cookie, {
      production: process.env.NODE_ENV === 'production',
      https: new URL(request.url).protocol === 'https:',
    }),
  );
  return new Response(null, { status: 307, headers });
});
