import 'server-only';

import { Redis } from '@/lib/cache/ioredis';

import { env } from '@/lib/config/env';
import { getDb, pingDatabase } from '@/lib/db';

import { isShuttingDown } from './state';

/**
 * Readiness checks behind `GET /api/ready` (issue 16, operations): can this instance serve? The database answers a
 * trivial query; Redis answers PING when REDIS_URL is set; WordPress answers its REST root when WORDPRESS_URL is
 * set. Each check is bounded by a short timeout and reports only `ok`, `failing` or `not-configured`: no URL,
 * host or error text ever leaves the server (the probe is public).
 */

export type CheckState = 'ok' | 'failing' | 'not-configured';
export type ReadinessReport = {
  status: 'ok' | 'failing' | 'shutting-down';
  checks: { database: CheckState; redis: CheckState; wordpress: CheckState };
};

/** How long one check may take before it counts as failing. */
export const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function settle(work: () => Promise<unknown>, ms: number): Promise<CheckState> {
  try {
    await withTimeout(work(), ms);
    return 'ok';
  } catch {
    return 'failing';
  }
}

/** The database: `select 1` through lib/db (opening it first if this is the first use). */
export function checkDatabase(ms = CHECK_TIMEOUT_MS): Promise<CheckState> {
  return settle(async () => pingDatabase(await getDb()), ms);
}

/** Redis at `url`: one short-lived connection, PING, closed again; `not-configured` without a URL. */
export async function checkRedis(url: string | undefined, ms = CHECK_TIMEOUT_MS): Promise<CheckState> {
  if (!url) return 'not-configured';
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: ms,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    return await settle(async () => {
      await redis.connect();
      if ((await redis.ping()) !== 'PONG') throw new Error('unexpected answer');
    }, ms);
  } finally {
    redis.disconnect();
  }
}

/**
 * WordPress at `root` (site root, no /wp-json): GET of its REST index through `?rest_route=/`, which answers
 * whatever the permalink setting. Any answer below 500 means WordPress is up; `not-configured` without a URL.
 */
export async function checkWordPress(root: string | undefined, ms = CHECK_TIMEOUT_MS): Promise<CheckState> {
  if (!root) return 'not-configured';
  return settle(async () => {
    const url = new URL(`${root.replace(/\/+$/, '')}/`);
    url.searchParams.set('rest_route', '/');
    const response = await fetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(ms) });
    await response.body?.cancel();
    if (response.status >= 500) throw new Error(`status ${response.status}`);
  }, ms);
}

/** Every check at once, from the environment; `status` is `ok` only when no check fails and no shutdown began. */
export async function readiness(): Promise<ReadinessReport> {
  const { REDIS_URL, WORDPRESS_URL } = env();
  const [database, redis, wordpress] = await Promise.all([
    checkDatabase(),
    checkRedis(REDIS_URL),
    checkWordPress(WORDPRESS_URL),
  ]);
  const checks = { database, redis, wordpress };
  if (isShuttingDown()) return { status: 'shutting-down', checks };
  return { status: Object.values(checks).includes('failing') ? 'failing' : 'ok', checks };
}
