import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import en from '@/messages/en.json';

const confirmEmail = vi.fn();
vi.mock('@/lib/auth', () => ({ getAuth: async () => ({ confirmEmail }) }));
vi.mock('next-intl/server', () => ({
  getTranslations: async (arg: { namespace: string }) => {
    const table = (en as unknown as Record<string, Record<string, string>>)[arg.namespace]!;
    return (key: string) => {
      if (!(key in table)) throw new Error(`missing message ${arg.namespace}.${key}`);
      return table[key]!;
    };
  },
}));
/** next-intl's redirect, as the target it would send (a path with the locale prefix, never a host). */
vi.mock('@/i18n/navigation', () => ({
  redirect: ({ href, locale }: { href: string; locale: string }) => {
    throw new Error(`redirect:${locale === 'en' ? '' : `/${locale}`}${href}`);
  },
}));

const { default: AuthConfirmPage } = await import('@/app/[locale]/auth/confirm/page');
const { POST } = await import('@/app/api/auth/confirm/route');

async function open(query: Record<string, string>, locale = 'en'): Promise<string> {
  const element = await AuthConfirmPage({
    params: Promise.resolve({ locale }),
    searchParams: Promise.resolve(query),
  } as never);
  return renderToStaticMarkup(element);
}

/** Presses the page's button: posts the form to the route, and answers where the 303 sends the browser. */
async function press(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<string> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const res = await POST(
    new Request('http://localhost:3000/api/auth/confirm', { method: 'POST', body, headers }),
  );
  expect(res.status).toBe(303);
  expect(res.headers.get('cache-control')).toContain('no-store');
  return res.headers.get('location')!;
}

describe('GET /auth/confirm spends nothing; its button does (security review NL5)', () => {
  beforeEach(() => confirmEmail.mockReset());

  it('opening the link shows a button posting the token, and does not call confirmEmail', async () => {
    const html = await open({ token_hash: 'abc', type: 'signup', next: '/courses' });
    expect(confirmEmail).not.toHaveBeenCalled();
    expect(html).toContain('Confirm your email address');
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/auth/confirm"');
    expect(html).toContain('name="token_hash" value="abc"');
    expect(html).toContain('name="type" value="signup"');
    expect(html).toContain('name="next" value="/courses"');
    expect(html).toContain('Confirm my email address');
  });

  it('a recovery link gets its own words, and an off-site next is not carried', async () => {
    const html = await open({ token_hash: 'abc', type: 'recovery', next: '/es//evil.example' });
    expect(confirmEmail).not.toHaveBeenCalled();
    expect(html).toContain('Continue to a new password');
    expect(html).not.toContain('evil');
  });

  it('moves to the locale the email carries, keeping the link (still spending nothing)', async () => {
    await expect(open({ token_hash: 'abc', type: 'signup', locale: 'es' })).rejects.toThrow(
      'redirect:/es/auth/confirm?token_hash=abc&type=signup',
    );
    expect(confirmEmail).not.toHaveBeenCalled();
  });

  it('a link without a known type or a token → /login?error=link', async () => {
    await expect(open({ token_hash: 'abc', type: 'magic' })).rejects.toThrow('redirect:/login?error=link');
    await expect(open({ type: 'signup' })).rejects.toThrow('redirect:/login?error=link');
  });
});

describe('the button of /auth/confirm redirects relatively, never to the bind address (security review M8)', () => {
  beforeEach(() => confirmEmail.mockReset());

  it('a good signup link → a relative /login?confirmed=1, spent once through confirmEmail', async () => {
    confirmEmail.mockResolvedValue({ ok: true, data: { user: {} } });
    const target = await press(
      { token_hash: 'abc', type: 'signup', locale: 'en' },
      { host: 'lrjn.example', 'x-forwarded-host': 'lrjn.example' },
    );
    expect(confirmEmail).toHaveBeenCalledExactlyOnceWith({ tokenHash: 'abc', type: 'signup' });
    expect(target).toBe('/login?confirmed=1');
  });

  it('keeps the locale and the safe next path', async () => {
    confirmEmail.mockResolvedValue({ ok: true, data: { user: {} } });
    expect(await press({ token_hash: 'abc', type: 'recovery', next: '/blog', locale: 'es' })).toBe(
      '/es/login?mode=reset&next=%2Fblog',
    );
  });

  it('a confirmation whose link carried no password → the new-password form', async () => {
    confirmEmail.mockResolvedValue({ ok: true, data: { user: {}, passwordNeeded: true } });
    expect(await press({ token_hash: 'abc', type: 'signup', locale: 'fr' })).toBe('/fr/login?mode=reset');
  });

  it('a bad link → /login?error=link, and an off-site next is dropped', async () => {
    confirmEmail.mockResolvedValue({ ok: false, error: 'invalid-link' });
    const target = await press({ token_hash: 'x', type: 'signup', next: '/es//evil.example', locale: 'en' });
    expect(target).toBe('/login?error=link');
  });

  it('a malformed post (or no form at all) spends nothing and says the link did not work', async () => {
    const res = await POST(
      new Request('http://localhost:3000/api/auth/confirm', { method: 'POST', body: '{}' }),
    );
    expect(res.headers.get('location')).toBe('/login?error=link');
    expect(await press({ token_hash: '', type: 'signup', locale: 'pt' })).toBe('/pt/login?error=link');
    expect(await press({ token_hash: 'abc', type: 'invite' })).toBe('/login?error=link');
    expect(confirmEmail).not.toHaveBeenCalled();
  });
});
