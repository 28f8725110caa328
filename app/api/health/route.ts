import { route } from '@/lib/safe-action';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/health` – liveness: the process is up and answering. No I/O, so a slow database never makes a
 * supervisor restart a healthy process (that is `GET /api/ready`'s question). Never cached.
 */
export const GET = route(async () => Response.json({ status: 'ok' }), { cache: 'no-store' });
