// GET /api/preview/exit – the preview banner's exit link: draft mode off, back to the public page.
import { draftMode } from 'next/headers';

import { PREVIEW_COOKIE, safeInternalPath } from '@/lib/cms/preview-token';
import { route } from '@/lib/safe-action';

/**
 * Ends the preview (Next's draft-mode cookie and the preview cookie) and redirects to `?to=`, which must be a path
 * on this site (lib/cms/preview-token.ts `safeInternalPath`; anything else goes to `/`). Harmless to call by anyone:
 * it only ends the caller's own preview.
 */
export const GET = route(async (request) => {
  (await draftMode()).disable();
  const to = safeInternalPath(new URL(request.url).searchParams.get('to'));
  const headers = new Headers({ Location: to });
  headers.append('Set-Cookie', `${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
  return new Response(null, { status: 307, headers });
});
