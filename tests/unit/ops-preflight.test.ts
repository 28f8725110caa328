import { describe, expect, it } from 'vitest';

import { bindHostFrom, isLoopbackHost, preflight } from '@/lib/ops/preflight';

const PROD = { NODE_ENV: 'production' };
const COMPLETE = {
  ...PROD,
  SITE_URL: 'https://lrjn.example.org',
  WORDPRESS_URL: 'https://cms.example.org',
  REVALIDATE_SECRET: 'r'.repeat(32),
  DATABASE_URL: 'postgres://u:p@db.example.org/site',
  FORM_SECRET: 'f'.repeat(32),
};

describe('production start-up check (lib/ops/preflight.ts)', () => {
  it('finds nothing outside production (next dev, tests)', () => {
    expect(preflight({ NODE_ENV: 'development' }, undefined)).toEqual({ errors: [], warnings: [] });
    expect(preflight({}, '0.0.0.0')).toEqual({ errors: [], warnings: [] });
  });

  it("keeps the README's zero-config `npm run build && npm start` (bound to localhost) running, with warnings", () => {
    const { errors, warnings } = preflight(
      PROD,
      bindHostFrom(['node', 'next', 'start', '-H', 'localhost', '-p', '3000']),
    );
    expect(errors).toEqual([]);
    expect(warnings.some((w) => w.includes('SITE_URL is not set'))).toBe(true);
    expect(warnings.some((w) => w.includes('bundled DEMO content'))).toBe(true);
    expect(warnings.some((w) => w.includes('EMBEDDED PGlite'))).toBe(true);
  });

  it('refuses a server reachable from outside without SITE_URL (0.0.0.0, a public address, or no -H at all)', () => {
    for (const host of ['0.0.0.0', '192.0.2.10', '::', undefined]) {
      const { errors } = preflight(PROD, host);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('SITE_URL is not set');
      expect(errors[0]).toContain(host ?? 'every interface');
    }
  });

  it('refuses WORDPRESS_URL without REVALIDATE_SECRET and DATABASE_URL without FORM_SECRET on a public bind', () => {
    const { errors } = preflight(
      { ...COMPLETE, REVALIDATE_SECRET: undefined, FORM_SECRET: undefined },
      '0.0.0.0',
    );
    expect(errors.map((e) => e.split(' ')[1])).toEqual(['REVALIDATE_SECRET', 'FORM_SECRET']);
  });

  it('starts a complete production set-up without errors or warnings', () => {
    expect(preflight(COMPLETE, '0.0.0.0')).toEqual({ errors: [], warnings: [] });
  });

  it('ALLOW_DEMO_PRODUCTION=1 turns the refusals into warnings (tests, trying the site locally)', () => {
    const { errors, warnings } = preflight({ ...PROD, ALLOW_DEMO_PRODUCTION: '1' }, '0.0.0.0');
    expect(errors).toEqual([]);
    expect(warnings.some((w) => w.includes('SITE_URL is not set'))).toBe(true);
    expect(preflight({ ...PROD, ALLOW_DEMO_PRODUCTION: '0' }, '0.0.0.0').errors).toHaveLength(1);
  });

  it('warns, one line each, about demo content and the embedded database even when everything else is set', () => {
    const { errors, warnings } = preflight(
      { ...COMPLETE, WORDPRESS_URL: undefined, DATABASE_URL: undefined },
      '0.0.0.0',
    );
    expect(errors).toEqual([]);
    expect(warnings).toHaveLength(2);
  });

  it('refuses several instances (REDIS_URL) without one server-action key on a public bind, warns on loopback', () => {
    const multi = { ...COMPLETE, REDIS_URL: 'redis://cache.internal:6379', NEXT_DEPLOYMENT_ID: 'abc123' };
    const refused = preflight(multi, '0.0.0.0');
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors[0]).toContain('NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is not set while REDIS_URL is');
    const behindProxy = preflight(multi, 'localhost');
    expect(behindProxy.errors).toEqual([]);
    expect(behindProxy.warnings.some((w) => w.includes('NEXT_SERVER_ACTIONS_ENCRYPTION_KEY'))).toBe(true);
    const complete = { ...multi, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
    expect(preflight(complete, '0.0.0.0')).toEqual({ errors: [], warnings: [] });
    // One instance (no REDIS_URL) needs no fixed key: each build's own is fine.
    expect(preflight(COMPLETE, '0.0.0.0').errors).toEqual([]);
  });

  it('warns about several instances without a deployment id, or on the embedded database', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const { errors, warnings } = preflight(
      {
        ...COMPLETE,
        REDIS_URL: 'redis://cache.internal:6379',
        NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key,
        DATABASE_URL: undefined,
        FORM_SECRET: undefined,
      },
      '0.0.0.0',
    );
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => w.includes('NEXT_DEPLOYMENT_ID is not set'))).toHaveLength(1);
    expect(warnings.filter((w) => w.includes('each instance has its own data'))).toHaveLength(1);
  });

  it('reads the bind address from next start -H / --hostname, else BIND_HOST', () => {
    expect(bindHostFrom(['next', 'start', '--hostname', '0.0.0.0'])).toBe('0.0.0.0');
    expect(bindHostFrom(['next', 'start', '-H=127.0.0.1'])).toBe('127.0.0.1');
    expect(bindHostFrom(['next', 'start'], ' ::1 ')).toBe('::1');
    expect(bindHostFrom(['next', 'start'])).toBeUndefined();
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.5')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('127.example.org')).toBe(false);
  });
});
