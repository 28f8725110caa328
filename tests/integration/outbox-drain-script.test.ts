import { spawn } from 'node:child_process';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * `npm run outbox:drain` as an operator (or a systemd timer) runs it: plain Node with the react-server condition,
 * outside Next. It loads every job handler (account emails, newsletter confirmations, enquiry forwards), whose
 * translated texts must not pull next-intl's client provider into plain Node (it crashed with
 * "createContext is not a function" before the handlers imported use-intl's core).
 */
describe('npm run outbox:drain', () => {
  it('starts, drains an empty outbox and exits 0', async () => {
    const result = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--conditions=react-server', '--import', 'tsx', path.join('scripts', 'outbox-drain.ts')],
        {
          env: {
            ...process.env,
            DATABASE_URL: '',
            PGLITE_DIR: 'memory://',
            SMTP_URL: '',
            NODE_ENV: 'production',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      child.on('close', (code) => resolve({ code, out }));
    });
    expect(result.out).not.toContain('createContext');
    expect(result.out).toContain('[outbox] claimed 0');
    expect(result.code).toBe(0);
  }, 120_000);
});
