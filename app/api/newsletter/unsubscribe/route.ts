// POST /api/newsletter/unsubscribe – RFC 8058 one-click unsubscribe (List-Unsubscribe header); GET – to the page.
import { after } from 'next/server';

import { handleOneClickUnsubscribe, oneClickLanding } from '@/lib/mailing';
import { route } from '@/lib/safe-action';

/** Mail clients' one-click POST (the signed token is the proof; no guard, no limit); every answer `no-store`. */
export const POST = route((request) => handleOneClickUnsubscribe(request, { defer: after }), {
  cache: 'no-store',
});

/** A person opening the link: 303 to the page that asks first; `no-store`. */
export const GET = route(async (request) => oneClickLanding(request), { cache: 'no-store' });
