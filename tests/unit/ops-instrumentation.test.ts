import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * instrumentation.ts `register()` in production (issue 16, operations): a server reachable from outside without
 * SITE_URL exits at start (Next alone would keep listening and answer 500s), after one log line per problem.
 */

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function registerWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const exit = vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    throw new Error(`exit ${code}`);
  }) as typeof process.exit);
  const { logger } = await import('@/lib/log');
  const fatal = vi.spyOn(logger(), 'fatal');
  const { register } = await import('@/instrumentation');
  return { run: register(), exit, fatal };
}

describe('register() production start-up check', () => {
  it('exits with status 1 on a public bind without SITE_URL, naming the variable', async () => {
    const { run, exit, fatal } = await registerWith({
      NEXT_RUNTIME: 'nodejs',
      NODE_ENV: 'production',
      BIND_HOST: '0.0.0.0',
      SITE_URL: '',
      ALLOW_DEMO_PRODUCTION: '',
    });
    await expect(run).rejects.toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    // The missing SITE_URL, then the placeholder identity (lib/config/placeholders.ts), one line each.
    expect(fatal).toHaveBeenCalledTimes(2);
    expect(String(fatal.mock.calls[0]?.[1])).toContain('SITE_URL is not set');
    expect(String(fatal.mock.calls[1]?.[1])).toContain('CHARITY_NUMBER=0000000');
  });
});
