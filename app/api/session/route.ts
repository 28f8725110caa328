import { getAuth, isAdmin } from '@/lib/auth';
import { route } from '@/lib/safe-action';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/session`: who is signed in, for the header's user menu (a client island, so public pages stay static:
 * docs/ARCHITECTURE.md §4). `{ signedIn: false, isAdmin: false }` or `{ signedIn: true, name, isAdmin }` (name: the full
 * name, else the email). Never cached. The admin flag only chooses menu items; every admin page and action checks
 * again on the server. A failure answers as signed out. `private, no-store` (the route wrapper).
 */
export const GET = route(async () => {
  try {
    const user = await (await getAuth()).currentUser();
    if (!user) return Response.json({ signedIn: false, isAdmin: false });
    return Response.json({ signedIn: true, name: user.name ?? user.email, isAdmin: await isAdmin(user) });
  } catch (error) {
    console.error('[auth] /api/session failed:', error instanceof Error ? error.message : error);
    return Response.json({ signedIn: false, isAdmin: false });
  }
});
