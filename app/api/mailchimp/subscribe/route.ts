// POST /api/mailchimp/subscribe – the newsletter proxy route of docs/SPEC-NOTES.md §7 (JSON in, {success} out); see lib/mailing.
import { after } from 'next/server';

import { handleSubscribeRequest } from '@/lib/mailing';

export async function POST(request: Request): Promise<Response> {
  // The confirmation email goes out after the answer, so its timing tells nothing about the address.
  return handleSubscribeRequest(request, { defer: after });
}
