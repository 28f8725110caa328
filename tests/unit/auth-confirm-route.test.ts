import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const confirmEmail = vi.fn();
vi.mock('@/lib/auth', () => ({ getAuth: async () => ({ confirmEmail }) }));

const { GET } = await import('@/app/[locale]/auth/confirm/route');

function call(url: string, locale = 'en', headers: Record<string, string> = {}) {
  return GET(new NextRequest(url, { headers }), { params: Promise.resolve({ locale }) } as never);
}

describe('GET /auth/confirm redirects relatively, never to the bind address (security review M8)', () => {
  beforeEach(() => confirmEmail.mockReset());

  it('a good signup link → 303 to a relative /login?confirmed=1, not http://localhost:3000', async () => {
    confirmEmail.mockResolvedValue({ ok: true });
    const res = await call('http://localhost:3000/en/auth/confirm?type=signup&token_hash=abc', 'en', {
      host: 'lrjn.example',
      'x-forwarded-host': 'lrjn.example',
    });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).not.toContain('localhost');
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(location.startsWith('/login?confirmed=1')).toBe(true);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the locale and the safe next path in the relative target', async () => {
    confirmEmail.mockResolvedValue({ ok: true });
    const res = await call(
      'http://localhost:3000/es/auth/confirm?type=recovery&token_hash=abc&next=/blog',
      'es',
    );
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/es\/login\?/);
    expect(location).not.toContain('localhost:3000');
  });

  it('a bad link → relative /login?error=link, and an off-site next is dropped', async () => {
    confirmEmail.mockResolvedValue({ ok: false });
    const res = await call(
      'http://localhost:3000/en/auth/confirm?type=signup&token_hash=x&next=/es//evil.example',
    );
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/login\?error=link/);
    expect(location).not.toMatch(/evil|localhost/);
  });
});
