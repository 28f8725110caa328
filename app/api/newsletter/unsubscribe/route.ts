// POST /api/newsletter/unsubscribe – RFC 8058 one-click unsubscribe (List-Unsubscribe header); GET – to the page.
import { after } from 'next/server';

import { handleOneClickUnsubscribe, oneClickLanding } from '@/lib/mailing';

export async function POST(request: Request): Promise<Response> {
  return handleOneClickUnsubscribe(request, { defer: after });
}

export function GET(request: Request): Response {
  return oneClickLanding(request);
}
