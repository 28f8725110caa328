import { checkUser, guardResponse } from '@/lib/auth';
import { exportPersonalData, exportResponse } from '@/lib/data-rights';
import { errorFields, logger } from '@/lib/log';

/**
 * GET /api/account/export – the signed-in person downloads everything held about their own address and account
 * (the same document as the admin's export, never anyone else's: the address is the session's, not a parameter).
 * 401 signed out, 500 on a failure; else the JSON export as an attachment (`private, no-store`).
 */
export async function GET(): Promise<Response> {
  const guard = await checkUser();
  if (!guard.ok) return guardResponse(guard);
  try {
    return exportResponse(await exportPersonalData(guard.user.email, { ownUserId: guard.user.id }));
  } catch (error) {
    logger().error({ component: 'data-rights', ...errorFields(error) }, 'own export failed');
    return Response.json(
      { error: 'server' },
      { status: 500, headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
}
