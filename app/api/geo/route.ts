import { env } from '@/lib/config/env';
import { lookupLocation } from '@/lib/geo/lookup';
import { clientIp } from '@/lib/screening/client-ip';
import { SOCKET_ADDRESS_HEADER } from '@/lib/screening/socket-address';

// GET /api/geo – the visitor's country (our list's alpha-2 code) and city for the registration form's prefill.
// Always 200: `{}` when nothing is known. Per visitor, so never cached.
export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  let result = {};
  try {
    const e = env();
    const ip = clientIp(
      request.headers,
      e.TRUSTED_PROXY_HEADER,
      request.headers.get(SOCKET_ADDRESS_HEADER) ?? '',
    );
    result = await lookupLocation(ip, { url: e.GEOIP_URL });
  } catch {
    result = {};
  }
  return Response.json(result, { headers: { 'Cache-Control': 'private, no-store' } });
}
