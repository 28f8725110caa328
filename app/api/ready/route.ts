import { readiness } from '@/lib/ops/readiness';
import { route } from '@/lib/safe-action';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/ready` – readiness for a load balancer: 200 when the database (and Redis, WordPress when configured)
 * answer, else 503; also 503 once the process has begun shutting down. The body is
 * `{ status, checks: { database, redis, wordpress } }` with `ok | failing | not-configured` per check and nothing
 * else: no hosts, URLs or error messages (lib/ops/readiness.ts). Never cached.
 */
export const GET = route(
  async () => {
    const report = await readiness();
    return Response.json(report, { status: report.status === 'ok' ? 200 : 503 });
  },
  { cache: 'no-store' },
);
