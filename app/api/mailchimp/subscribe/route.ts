// POST /api/mailchimp/subscribe – the newsletter proxy route of spec §7 (JSON in, {success} out); see lib/mailing.
import { handleSubscribeRequest } from '@/lib/mailing/subscribe-api';

export async function POST(request: Request): Promise<Response> {
  return handleSubscribeRequest(request);
}
