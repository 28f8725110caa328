import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { failureMessageKey } from '@/lib/action-result';
import { SOCKET_ADDRESS_HEADER } from '@/lib/rate-limit/socket-address';

/**
 * The action and route wrappers (lib/safe-action.ts) with the auth guards replaced: who is signed in and with
 * which role is set per test, so each guard's refusal, the rate limit, validation and error mapping are seen
 * through the wrappers' public functions. The messages of every failure code exist (messages/*.json, `Forms`).
 */
const who = vi.hoisted(() => ({
  user: null as null | { id: string; email: string; emailConfirmed: boolean },
  role: null as null | 'staff' | 'admin',
  checkFails: false,
}));

vi.mock('@/lib/auth', () => ({
  checkUser: async () =>
    who.user ? { ok: true, user: who.user } : { ok: false, status: 401, error: 'unauthenticated' },
  checkStaff: async (needed: 'staff' | 'admin' = 'staff') => {
    if (!who.user) return { ok: false, status: 401, error: 'unauthenticated' };
    if (who.checkFails) return { ok: false, status: 503, error: 'check-failed' };
    if (!who.role || (needed === 'admin' && who.role !== 'admin'))
      return { ok: false, status: 403, error: 'forbidden' };
    return { ok: true, user: { ...who.user, role: who.role } };
  },
}));

vi.mock('next/headers', () => ({
  headers: async () => new Headers({ [SOCKET_ADDRESS_HEADER]: '203.0.113.5' }),
}));

process.env.FORM_SECRET = 'safe-action-test-secret-0123456789abcdef';

type SafeAction = typeof import('@/lib/safe-action');
let lib: SafeAction;
beforeAll(async () => {
  lib = await import('@/lib/safe-action');
});
beforeEach(() => {
  who.user = null;
  who.role = null;
  who.checkFails = false;
});

const ada = { id: 'user-ada', email: 'ada@example.org', emailConfirmed: true };
const schema = z.object({
  title: z.string().trim().min(2, { error: 'titleShort' }).max(50, { error: 'titleLong' }),
});
let counter = 0;
/** A fresh action name per call, so budgets never carry over between tests. */
const name = (base: string) => `${base}-${++counter}`;

describe('action(): guards', () => {
  it("'user' refuses the signed-out with 401 and runs the handler for a signed-in person", async () => {
    const seen: string[] = [];
    const act = lib.action({ name: name('user'), schema, guard: 'user' }, async (input, { user }) => {
      seen.push(`${user.id}:${input.title}`);
      return { saved: true };
    });
    expect(await act({ title: 'Hello' })).toEqual({ ok: false, status: 401, error: 'unauthenticated' });
    who.user = ada;
    expect(await act({ title: ' Hello ' })).toEqual({ ok: true, data: { saved: true } });
    expect(seen).toEqual(['user-ada:Hello']);
  });

  it("'staff' and 'admin' refuse 401 signed out, 403 without the role, 503 when the check fails", async () => {
    const run = vi.fn(async () => 'done');
    const staff = lib.action({ name: name('staff'), schema, guard: 'staff' }, run);
    const admin = lib.action({ name: name('admin'), schema, guard: 'admin' }, run);
    const input = { title: 'Hello' };
    expect(await staff(input)).toMatchObject({ status: 401, error: 'unauthenticated' });
    expect(await admin(input)).toMatchObject({ status: 401, error: 'unauthenticated' });
    who.user = ada;
    expect(await staff(input)).toMatchObject({ status: 403, error: 'forbidden' });
    who.role = 'staff';
    expect(await staff(input)).toEqual({ ok: true, data: 'done' });
    expect(await admin(input)).toMatchObject({ status: 403, error: 'forbidden' });
    who.checkFails = true;
    expect(await admin(input)).toEqual({ ok: false, status: 503, error: 'check-failed' });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("'public-form' refuses a submission without a valid fill-time token; 'public' needs none", async () => {
    const form = lib.action(
      { name: name('form'), schema, limit: { points: 100, durationSeconds: 60 } },
      async () => 1,
    );
    expect(await form({ title: 'Hello' })).toEqual({ ok: false, status: 400, error: 'expired' });
    expect(await form({ title: 'Hello', website_url: 'http://spam.example' })).toMatchObject({
      error: 'spam',
    });
    const open = lib.action({ name: name('open'), schema, guard: 'public' }, async () => 1);
    expect(await open({ title: 'Hello' })).toEqual({ ok: true, data: 1 });
  });
});

describe('action(): limit, validation, errors', () => {
  it('answers 429 with retryAfterSeconds once the budget is used, per client for the public guards', async () => {
    const act = lib.action(
      { name: name('limited'), schema, guard: 'public', limit: { points: 2, durationSeconds: 60 } },
      async () => 'ok',
    );
    expect((await act({ title: 'One' })).ok).toBe(true);
    expect((await act({ title: 'x' })).ok).toBe(false);
    const third = await act({ title: 'Three' });
    expect(third).toMatchObject({ ok: false, status: 429, error: 'rate-limited' });
    expect(third.ok === false && third.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('counts a signed-in guard per user, and only after the guard passed', async () => {
    const act = lib.action(
      { name: name('per-user'), schema, guard: 'user', limit: { points: 1, durationSeconds: 60 } },
      async () => 'ok',
    );
    // Refused callers use up nothing.
    for (let i = 0; i < 3; i++) expect(await act({ title: 'Hello' })).toMatchObject({ status: 401 });
    who.user = ada;
    expect((await act({ title: 'Hello' })).ok).toBe(true);
    expect(await act({ title: 'Hello' })).toMatchObject({ status: 429 });
    who.user = { ...ada, id: 'user-grace' };
    expect((await act({ title: 'Hello' })).ok).toBe(true);
  });

  it('gives invalid input 422 with the fields’ message keys, and never runs the handler', async () => {
    const run = vi.fn(async () => 'ok');
    const act = lib.action(
      { name: name('invalid'), schema, guard: 'public', limit: { points: 100, durationSeconds: 60 } },
      run,
    );
    expect(await act({ title: 'x' })).toEqual({
      ok: false,
      status: 422,
      error: 'invalid',
      fieldErrors: { title: 'titleShort' },
    });
    expect(await act({ title: 42 })).toMatchObject({ fieldErrors: { title: 'invalid' } });
    for (const raw of [null, 'title=Hello', 42, [{ title: 'Hello' }]])
      expect(await act(raw)).toEqual({ ok: false, status: 400, error: 'invalid' });
    expect(run).not.toHaveBeenCalled();
  });

  it('names a nested field by its path and a list item by its list', async () => {
    const nested = z.object({
      certification: z.object({ title: z.string().min(2, { error: 'titleShort' }) }),
      tags: z.array(z.string().max(3, { error: 'tagLong' })),
    });
    const act = lib.action(
      { name: name('nested'), schema: nested, guard: 'public', limit: { points: 100, durationSeconds: 60 } },
      async () => 'ok',
    );
    expect(await act({ certification: { title: 'x' }, tags: ['ok', 'too long'] })).toMatchObject({
      fieldErrors: { 'certification.title': 'titleShort', tags: 'tagLong' },
    });
  });

  it('turns a thrown error into a generic 500 with a translated message and no stack or detail', async () => {
    const log = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const act = lib.action({ name: name('boom'), schema, guard: 'public' }, async () => {
        throw new Error('connection refused at 10.0.0.5');
      });
      const result = await act({ title: 'Hello' });
      expect(result).toEqual({ ok: false, status: 500, error: 'server' });
      expect(JSON.stringify(result)).not.toMatch(/10\.0\.0\.5|at .*\(|\.ts:\d+/);
      expect(result.ok === false && failureMessageKey(result.error)).toBe('server');
    } finally {
      log.mockRestore();
    }
  });

  it('lets Next’s redirect through instead of reporting it as a failure', async () => {
    const { redirect } = await import('next/navigation');
    const act = lib.action({ name: name('redirect'), schema, guard: 'public' }, async () =>
      redirect('/done'),
    );
    await expect(act({ title: 'Hello' })).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT/),
    });
  });

  it('has a Forms message for every failure code, in every locale', async () => {
    const codes = [
      'invalid',
      'spam',
      'too-fast',
      'expired',
      'rate-limited',
      'unauthenticated',
      'forbidden',
      'check-failed',
      'server',
    ] as const;
    for (const locale of ['en', 'es', 'fr', 'pt']) {
      const { default: messages } = (await import(`@/messages/${locale}.json`)) as {
        default: { Forms: Record<string, string> };
      };
      for (const code of codes)
        expect(messages.Forms[failureMessageKey(code)], `${locale} ${code}`).toBeTruthy();
    }
  });
});

describe('action(): once (single-use request keys)', () => {
  /** An in-memory ledger, as lib/back-office/requests.ts keeps one in the database. */
  function memoryLedger() {
    const keys = new Map<string, { actor: string; result?: unknown }>();
    const ledger: import('@/lib/safe-action').RequestLedger = {
      claim: async (key, actor) => {
        const row = keys.get(key);
        if (!row) {
          keys.set(key, { actor });
          return { run: true };
        }
        if (row.actor !== actor) return { run: false, result: { ok: false, status: 400, error: 'invalid' } };
        return { run: false, result: (row.result ?? { ok: false, status: 409, error: 'busy' }) as never };
      },
      settle: async (key, result) => {
        keys.get(key)!.result = result;
      },
      release: async (key) => {
        keys.delete(key);
      },
    };
    return { ledger, keys };
  }

  it('runs the handler once per key and answers the first result again; a new key runs again', async () => {
    const { ledger } = memoryLedger();
    let runs = 0;
    const act = lib.action({ name: name('once'), schema, guard: 'staff', once: ledger }, async () => ({
      run: ++runs,
    }));
    who.user = ada;
    who.role = 'staff';
    const requestKey = crypto.randomUUID();
    expect(await act({ title: 'Hello', requestKey })).toEqual({ ok: true, data: { run: 1 } });
    expect(await act({ title: 'Hello', requestKey })).toEqual({ ok: true, data: { run: 1 } });
    expect(runs).toBe(1);
    expect(await act({ title: 'Hello', requestKey: crypto.randomUUID() })).toEqual({
      ok: true,
      data: { run: 2 },
    });
  });

  it('refuses a missing or malformed key before the handler, and checks the guard and input first', async () => {
    const { ledger, keys } = memoryLedger();
    const run = vi.fn(async () => 'done');
    const act = lib.action({ name: name('once'), schema, guard: 'staff', once: ledger }, run);
    // Signed out: the guard answers, no key is used up.
    expect(await act({ title: 'Hello', requestKey: crypto.randomUUID() })).toMatchObject({ status: 401 });
    who.user = ada;
    who.role = 'staff';
    for (const requestKey of [undefined, '', 'not-a-key', ['a', 'b']])
      expect(await act({ title: 'Hello', requestKey })).toEqual({
        ok: false,
        status: 400,
        error: 'invalid',
        fieldErrors: { _form: 'requestKey' },
      });
    // Invalid input: 422, and the key stays unused for the corrected form.
    const requestKey = crypto.randomUUID();
    expect(await act({ title: 'x', requestKey })).toMatchObject({ status: 422 });
    expect(keys.size).toBe(0);
    expect(await act({ title: 'Hello', requestKey })).toEqual({ ok: true, data: 'done' });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("gives a thrown handler's key back, so the retry runs", async () => {
    const { ledger, keys } = memoryLedger();
    let fail = true;
    const act = lib.action({ name: name('once'), schema, guard: 'staff', once: ledger }, async () => {
      if (fail) throw new Error('database went away');
      return 'done';
    });
    who.user = ada;
    who.role = 'staff';
    const requestKey = crypto.randomUUID();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await act({ title: 'Hello', requestKey })).toMatchObject({ status: 500, error: 'server' });
    } finally {
      log.mockRestore();
    }
    expect(keys.size).toBe(0);
    fail = false;
    expect(await act({ title: 'Hello', requestKey })).toEqual({ ok: true, data: 'done' });
  });
});

describe('route()', () => {
  const request = (headers: Record<string, string> = {}) =>
    new Request('http://localhost/api/thing', {
      headers: { [SOCKET_ADDRESS_HEADER]: '198.51.100.9', ...headers },
    });

  it('answers 401 signed out and 403 without the role, as JSON, never cached', async () => {
    const handler = vi.fn(async () => Response.json({ fine: true }));
    const GET = lib.route(handler, { guard: 'admin' });
    const signedOut = await GET(request());
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: 'unauthenticated' });
    expect(signedOut.headers.get('cache-control')).toBe('private, no-store');
    who.user = ada;
    who.role = 'staff';
    const forbidden = await GET(request());
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: 'forbidden' });
    expect(forbidden.headers.get('cache-control')).toBe('private, no-store');
    who.checkFails = true;
    const failed = await GET(request());
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('5');
    expect(handler).not.toHaveBeenCalled();
  });

  it('marks every answer private, no-store, even one with immutable headers, and passes user, ip and params', async () => {
    who.user = ada;
    const GET = lib.route<'user', { id: string }>(
      async (_request, { user, ip, params }) =>
        Response.json(
          { user: user.id, ip, id: params.id },
          { headers: { 'Cache-Control': 'public, max-age=600' } },
        ),
      { guard: 'user' },
    );
    const res = await GET(request(), { params: Promise.resolve({ id: 'c1' }) });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ user: 'user-ada', ip: '198.51.100.9', id: 'c1' });
    const moved = await lib.route(async () => Response.redirect('http://localhost/elsewhere', 303))(
      request(),
    );
    expect(moved.status).toBe(303);
    expect(moved.headers.get('cache-control')).toBe('private, no-store');
  });

  it("answers onLimited's own refusal over the limit, or the JSON 429 when it gives none; cache 'no-store' as said", async () => {
    vi.stubEnv('FORM_RATE_LIMIT_MAX', '1');
    vi.resetModules();
    try {
      const fresh = await import('@/lib/safe-action');
      const POST = fresh.route(async () => Response.json({ stored: true }), {
        limit: 'subscribe',
        cache: 'no-store',
        onLimited: (req, retryAfterSeconds) =>
          new URL(req.url).searchParams.get('redirect') === '1'
            ? new Response(null, { status: 303, headers: { Location: `/back?wait=${retryAfterSeconds}` } })
            : null,
      });
      const ok = await POST(request());
      expect(ok.headers.get('cache-control')).toBe('no-store');
      const back = await POST(new Request('http://localhost/api/thing?redirect=1', request()));
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toMatch(/^\/back\?wait=\d+$/);
      expect(back.headers.get('cache-control')).toBe('no-store');
      const limited = await POST(request());
      expect(limited.status).toBe(429);
      expect(limited.headers.get('cache-control')).toBe('no-store');
      expect(await limited.json()).toEqual({ error: 'rate-limited' });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('passes a streamed body through as it is written, not buffered', async () => {
    let next: (chunk: string) => void = () => {};
    const body = new ReadableStream<string>({
      start(controller) {
        next = (chunk) => controller.enqueue(chunk);
      },
    }).pipeThrough(new TextEncoderStream());
    const res = await lib.route(
      async () => new Response(body, { headers: { 'Content-Type': 'text/plain' } }),
    )(request());
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    next('first');
    expect((await reader.read()).value).toBe('first');
    next('second');
    expect((await reader.read()).value).toBe('second');
    await reader.cancel();
  });

  it('answers 429 with Retry-After over the named budget, and a thrown error as a bare 500', async () => {
    vi.stubEnv('FORM_RATE_LIMIT_MAX', '1');
    vi.resetModules();
    try {
      const fresh = await import('@/lib/safe-action');
      const GET = fresh.route(async () => Response.json({}), { limit: 'geo', limitedBody: {} });
      expect((await GET(request())).status).toBe(200);
      const refused = await GET(request());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({});
    } finally {
      vi.unstubAllEnvs();
    }
    const log = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const boom = await lib.route(async () => {
        throw new Error('secret detail');
      })(request());
      expect(boom.status).toBe(500);
      const text = await boom.text();
      expect(text).toBe('{"error":"server"}');
    } finally {
      log.mockRestore();
    }
  });
});
