import { getAuth, staffStatus } from '@/lib/auth';
import { route } from '@/lib/safe-action';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/session`: who is signed in, for the header's user menu (a client island, so public pages stay static:
 * docs/ARCHITECTURE.md §4). `{ signedIn: false, isAdmin: false }` or `{ signedIn: true, name, isAdmin, role }`
 * (name: the full name, else the email; role: the back-office role, 'admin' (ADMIN_EMAILS included), 'staff' or
 * null). Never cached. The flags only choose menu items (Create Course, Back office); every admin page and action
 * checks again on the server. A failure answers as signed out; a failed role check as no role. `private, no-store`
 * (the route wrapper).
 */
export const GET = route(async () => {
  try {
    const user = await (await getAuth()).currentUser();
    if (!user) return Response.json({ signedIn: false, isAdmin: false });
    const status = await staffStatus(user);
    const role = status === 'admin' || status === 'staff' ? status : null;
    return Response.json({ signedIn: true, name: user.name ?? user.email, isAdmin: role === 'admin', role });
  } catch (error) {
    console.error('[auth] /api/session failed:', error instanceof Error ? error.message : error);
    return Response.json({ signedIn: false, isAdmin: false });
  }
});
