import { spawn } from 'node:child_process';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * scripts/outbox-worker.ts, the process deploy/systemd/lrjn-outbox.service runs: it must stay up (the worker's
 * own timer is unref'd), drain at start, and stop cleanly on SIGTERM (exit 0 after closing the database), as
 * systemd expects from a service it stops.
 */
describe('scripts/outbox-worker.ts', () => {
  it('keeps running until SIGTERM, then closes the database and exits 0', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', path.join('scripts', 'outbox-worker.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: '',
          PGLITE_DIR: 'memory://',
          SMTP_URL: '',
          MAIL_DIR: 'none',
          OUTBOX_INTERVAL_SECONDS: '1',
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

    const deadline = Date.now() + 90_000;
    while (!out.includes('worker started') && Date.now() < deadline) {
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(out).toContain('first run');
    expect(out).toContain('worker started');
    // Still up two intervals later: the unref'd timer alone would have let it exit.
    await new Promise((r) => setTimeout(r, 2500));
    expect(child.exitCode).toBeNull();

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('"msg":"stopped"');
  }, 120_000);
});
