import { exportOwnPersonalData, exportResponse } from '@/lib/data-rights';
import { errorFields, logger } from '@/lib/log';
import { route } from '@/lib/safe-action';

/**
 * GET /api/account/export – the signed-in person downloads their own data (lib/data-rights/self-service.ts:
 * what they sent us, their account, enrolments, consents and the emails sent to them; never the staff's internal
 * notes, staff identities or delivery errors, which only the admin's reviewed export holds). The address is the
 * session's, never a parameter, and must be confirmed: an unconfirmed sign-up (possible on a Supabase project with
 * "Confirm email" off) proves nothing about the address. 401 signed out, 403 `{ error: 'email-not-confirmed' }`,
 * 500 on a failure; else the JSON export as an attachment (`private, no-store`).
 */
export const GET = route(
  async (_request, { user }) => {
    if (!user.emailConfirmed) return Response.json({ error: 'email-not-confirmed' }, { status: 403 });
    try {
      return exportResponse(await exportOwnPersonalData(user.email, { ownUserId: user.id }));
    } catch (error) {
      logger().error({ component: 'data-rights', ...errorFields(error) }, 'own export failed');
      return Response.json({ error: 'server' }, { status: 500 });
    }
  },
  { guard: 'user' },
);
