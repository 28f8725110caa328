import { z } from 'zod';

import { formSecret } from '@/lib/forms/secret';
import { FORM_NAME, issueFormToken } from '@/lib/forms/token';
import { route } from '@/lib/safe-action';

const query = z.object({ form: z.string().regex(FORM_NAME) });

/**
 * `GET /api/form-token?form={name}` → `{ token }`: the signed time at which the form named `name` ('contact',
 * 'newsletter', 'sign-up'…) was shown (lib/forms/token.ts); only that form accepts it. Public forms fetch one
 * when they appear and send it back with the submission. 400 without a valid form name. Never cached
 * (`private, no-store`, the route wrapper).
 */
export const GET = route(async (request) => {
  const parsed = query.safeParse({ form: new URL(request.url).searchParams.get('form') ?? undefined });
  if (!parsed.success) return Response.json({ error: 'invalid' }, { status: 400 });
  return Response.json({ token: issueFormToken(formSecret(), Date.now(), parsed.data.form) });
});

export const dynamic = 'force-dynamic';
