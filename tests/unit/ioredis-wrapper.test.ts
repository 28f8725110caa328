/**
 * lib/cache/ioredis.ts and lib/cache/redis-cache-handler.cjs leave V8's String.prototype in fast mode after ioredis
 * has loaded (issue 20 item 3; lib/cache/string-prototype.cjs says why). Each case runs in a fresh Node process
 * with `--allow-natives-syntax`, so V8 itself answers, and nothing else has touched the prototype.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** `%HasFastProperties(String.prototype)` after `load` (CommonJS source) has run in a new Node process. */
function fastAfter(load: string, extraArgs: string[] = []): boolean {
  const out = execFileSync(
    process.execPath,
    [
      '--allow-natives-syntax',
      ...extraArgs,
      '-e',
      `(async () => { ${load}; console.log(%HasFastProperties(String.prototype)); })()`,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  return out.trim().split('\n').at(-1) === 'true';
}

describe('String.prototype after ioredis loads', () => {
  it('is fast in a process that has not loaded ioredis', () => {
    expect(fastAfter('')).toBe(true);
  });

  it('turns slow when ioredis is imported directly (the cause the wrapper exists for)', () => {
    // If this starts to fail, ioredis no longer subclasses String and the wrapper can go.
    expect(fastAfter("require('ioredis')")).toBe(false);
  });

  it('stays fast through lib/cache/ioredis.ts', () => {
    expect(
      fastAfter(`await import(${JSON.stringify(path.join(root, 'lib/cache/ioredis.ts'))})`, [
        '--import',
        'tsx',
      ]),
    ).toBe(true);
  });

  it('stays fast through the Redis cache handler Next loads', () => {
    expect(fastAfter("require('./lib/cache/redis-cache-handler.cjs')")).toBe(true);
  });

  it('stays fast when another String subclass is defined after the wrapper ran', () => {
    expect(
      fastAfter(
        "require('ioredis'); require('./lib/cache/string-prototype.cjs').keepStringPrototypeFast(); class Again extends String {}",
      ),
    ).toBe(true);
  });
});
