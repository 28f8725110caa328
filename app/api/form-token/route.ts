import { z } from 'zod';

import { formSecret } from '@/lib/forms/secret';
import { FORM_NAME, issueFormToken } from '@/lib/forms/token';

const query = z.object({ form: z.string().regex(FORM_NAME) });

/**
 * `GET /api/form-token?form={name}` → `{ token }`: the signed time at which the form named `name` ('contact',
 * 'newsletter', 'sign-up'…) was shown (lib/forms/token.ts); only that form accepts it. Public forms fetch one
 * when they appear and send it back with the submission. 400 without a valid form name. Never cached.
 */
export function GET(request: Request): Response {
  const parsed = query.safeParse({ form: new URL(request.url).searchParams.get('form') ?? undefined });
  const headers = { 'Cache-Control': 'no-store, private' };
  if (!parsed.success) return Response.json({ error: 'invalid' }, { status: 400, headers });
  return Response.json({ token: issueFormToken(formSecret(), Date.now(), parsed.data.form) }, { headers });
}

export const dynamic = 'force-dynamic';
