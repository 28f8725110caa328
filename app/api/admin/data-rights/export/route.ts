import { auditExport, exportPersonalData, exportResponse, personEmailSchema } from '@/lib/data-rights';
import { verifyStepUpToken } from '@/lib/data-rights/step-up';
import { errorFields, logger } from '@/lib/log';
import { route } from '@/lib/safe-action';
import { readBodyWithLimit } from '@/lib/security/read-body';

/**
 * POST /api/admin/data-rights/export – an admin downloads everything held about one person (form fields `email`
 * and `stepUp`, the step-up token the password-checked look-up of that person gave this admin, valid a few
 * minutes: lib/data-rights/step-up.ts; a POST so the address never sits in a URL or an access log). 401 signed
 * out, 403 not an admin (`forbidden`), an unconfirmed admin address (`email-not-confirmed`) or no valid step-up
 * (`step-up-expired`: look the person up again), 503 admin check failed, 422 no valid address, 500 on a failure;
 * else the complete JSON export as an attachment (`private, no-store`). Leaves an audit entry (admin_audit)
 * without the address.
 */
export const POST = route(
  async (request, { user }) => {
    // An urlencoded form with one address and a token: a few hundred bytes at most.
    const body = await readBodyWithLimit(request, 4096).catch(() => null);
    const fields = body?.ok ? new URLSearchParams(body.text) : null;
    const email = personEmailSchema.safeParse(fields?.get('email'));
    if (!email.success) return Response.json({ error: 'invalid-email' }, { status: 422 });
    if (!user.emailConfirmed) return Response.json({ error: 'email-not-confirmed' }, { status: 403 });
    if (!verifyStepUpToken(fields?.get('stepUp'), user.id, email.data))
      return Response.json({ error: 'step-up-expired' }, { status: 403 });
    try {
      const data = await exportPersonalData(email.data);
      await auditExport(user);
      return exportResponse(data);
    } catch (error) {
      logger().error({ component: 'data-rights', ...errorFields(error) }, 'export failed');
      return Response.json({ error: 'server' }, { status: 500 });
    }
  },
  { guard: 'admin' },
);
