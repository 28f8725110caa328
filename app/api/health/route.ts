export const dynamic = 'force-dynamic';

/**
 * `GET /api/health` – liveness: the process is up and answering. No I/O, so a slow database never makes a
 * supervisor restart a healthy process (that is `GET /api/ready`'s question). Never cached.
 */
export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
