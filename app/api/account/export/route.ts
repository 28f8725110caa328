import { exportPersonalData, exportResponse } from '@/lib/data-rights';
import { errorFields, logger } from '@/lib/log';
import { route } from '@/lib/safe-action';

/**
 * GET /api/account/export – the signed-in person downloads everything held about their own address and account
 * (the same document as the admin's export, never anyone else's: the address is the session's, not a parameter).
 * 401 signed out, 500 on a failure; else the JSON export as an attachment (`private, no-store`).
 */
export const GET = route(
  async (_request, { user }) => {
    try {
      return exportResponse(await exportPersonalData(user.email, { ownUserId: user.id }));
    } catch (error) {
      logger().error({ component: 'data-rights', ...errorFields(error) }, 'own export failed');
      return Response.json({ error: 'server' }, { status: 500 });
    }
  },
  { guard: 'user' },
);
