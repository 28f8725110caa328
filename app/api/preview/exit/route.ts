// GET /api/preview/exit – the preview banner's exit link: draft mode off, back to the public page.
import { draftMode } from 'next/headers';

import { PREVIEW_COOKIE } from '@/lib/cms/preview-token';
import { safeRedirectPath } from '@/lib/redirects';
import { route } from '@/lib/safe-action';

/**
 * Ends the preview (Next's draft-mode cookie and the preview cookie) and redirects to `?to=`, which must be a path
 * on this site (lib/redirects/safe-return.ts `safeRedirectPath`, the sanitiser of every redirect built from request
 * input; anything else goes to `/`). Needs no preview session, since it only ends the caller's own preview: that is
 * why `to` must never lead off the site.
 */
export const GET = route(async (request) => {
  (await draftMode()).disable();
  const to = safeRedirectPath(new URL(request.url).searchParams.get('to'));
  const headers = new Headers({ Location: to });
  headers.append('Set-Cookie', `${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
  return new Response(null, { status: 307, headers });
});
