import { afterEach, describe, expect, it } from 'vitest';

import { RECENT_LIMIT, clearRecent, recentServerErrors, recordServerError } from '@/lib/log/recent';
import { clearScreeningLog, recordScreening, screeningLog } from '@/lib/screening/log';

describe('recent server errors (admin logs page)', () => {
  afterEach(() => clearRecent());

  it('keeps the type, a short message with addresses masked, the path without its query; newest first, bounded', () => {
    recordServerError(
      new TypeError('boom for someone@example.org'),
      {
        method: 'POST',
        path: '/contact?email=x@example.org',
        requestId: 'r1',
      },
      { routePath: '/[locale]/contact', routeType: 'action' },
    );
    const [entry] = recentServerErrors();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/contact',
      route: '/[locale]/contact',
      type: 'TypeError',
      message: 'boom for [email]',
      requestId: 'r1',
    });
    for (let i = 0; i < RECENT_LIMIT + 20; i++)
      recordServerError(new Error(`e${i}`), { method: 'GET', path: '/' });
    const all = recentServerErrors();
    expect(all).toHaveLength(RECENT_LIMIT);
    expect(all[0]!.message).toBe(`e${RECENT_LIMIT + 19}`);
  });

  it('also keeps the error lines of the server logger: component and message, never the fields', async () => {
    const { createLogger } = await import('@/lib/log');
    const lines: string[] = [];
    const log = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(line) },
    });
    log.info({ component: 'outbox' }, 'worker run');
    log.error({ component: 'outbox', id: 'item-1', email: 'ada@example.org' }, 'item given up');
    log.fatal('no component');
    log.error({ component: 'request' }, 'request failed');
    expect(JSON.stringify(recentServerErrors())).not.toMatch(/ada@|item-1/);
    expect(recentServerErrors()).toMatchObject([
      { source: 'log', method: '', path: '', route: undefined, type: 'log', message: 'no component' },
      { source: 'log', method: '', path: '', route: 'outbox', type: 'log', message: 'item given up' },
    ]);
    expect(lines).toHaveLength(4);
  });

  it('shares its store through globalThis, as the screening log does (separately bundled modules see one record)', () => {
    clearScreeningLog();
    recordScreening({ at: 'now', ip: '192.0.2.x', path: '/p', bucket: 'page', outcome: 'blocked' });
    expect((globalThis as { __lrjnScreeningLog?: unknown[] }).__lrjnScreeningLog).toHaveLength(1);
    expect(screeningLog()).toHaveLength(1);
    recordServerError(new Error('x'), { method: 'GET', path: '/' });
    expect((globalThis as { __lrjnRecent?: { errors: unknown[] } }).__lrjnRecent?.errors).toHaveLength(1);
    clearScreeningLog();
  });
});
