import { formSecret } from '@/lib/forms/secret';
import { issueFormToken } from '@/lib/forms/token';

/**
 * `GET /api/form-token` → `{ token }`: the signed time at which a form was shown (lib/forms/token.ts). Public
 * forms fetch one when they appear and send it back with the submission. Never cached.
 */
export function GET(): Response {
  return Response.json(
    { token: issueFormToken(formSecret(), Date.now()) },
    { headers: { 'Cache-Control': 'no-store, private' } },
  );
}

export const dynamic = 'force-dynamic';
