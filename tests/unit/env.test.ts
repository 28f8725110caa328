import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/lib/config/env';

function expectInvalid(record: Record<string, string>, variable: string) {
  let error: unknown;
  try {
    parseEnv(record);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(Error);
  const message = (error as Error).message;
  expect(message).toContain(variable);
  expect(message).toContain('.env.example');
}

describe('parseEnv', () => {
  it('applies defaults to an empty record', () => {
    const e = parseEnv({});
    expect(e.SCREENING_MAX_REQUESTS).toBe(50);
    expect(e.SCREENING_WINDOW_SECONDS).toBe(60);
    expect(e.SCREENING_PREFETCH_MAX_REQUESTS).toBe(1000);
    expect(e.SCREENING_ENABLED).toBe(true);
    expect(e.TRUSTED_PROXY_HEADER).toBeUndefined();
    expect(e.REDIS_URL).toBeUndefined();
    expect(e.SITE_URL).toBeUndefined();
    expect(e.NODE_ENV).toBe('development');
  });

  it('treats empty and blank strings as unset', () => {
    const e = parseEnv({
      NODE_ENV: '',
      SCREENING_MAX_REQUESTS: '',
      SCREENING_WINDOW_SECONDS: ' ',
      SCREENING_PREFETCH_MAX_REQUESTS: '',
      SCREENING_ENABLED: '',
      SITE_URL: '',
      SITE_NAME: '   ',
      CONTACT_EMAIL_GENERAL: '',
      SOCIAL_X_URL: ' ',
      TRUSTED_PROXY_HEADER: '',
      REDIS_URL: '',
    });
    expect(e.SITE_URL).toBeUndefined();
    expect(e.SITE_NAME).toBeUndefined();
    expect(e.CONTACT_EMAIL_GENERAL).toBeUndefined();
    expect(e.SOCIAL_X_URL).toBeUndefined();
    expect(e.TRUSTED_PROXY_HEADER).toBeUndefined();
    expect(e.REDIS_URL).toBeUndefined();
    expect(e.NODE_ENV).toBe('development');
    expect(e.SCREENING_MAX_REQUESTS).toBe(50);
    expect(e.SCREENING_WINDOW_SECONDS).toBe(60);
    expect(e.SCREENING_PREFETCH_MAX_REQUESTS).toBe(1000);
    expect(e.SCREENING_ENABLED).toBe(true);
  });

  it('reads SCREENING_ENABLED case-insensitively', () => {
    expect(parseEnv({ SCREENING_ENABLED: ' FALSE ' }).SCREENING_ENABLED).toBe(false);
    expect(parseEnv({ SCREENING_ENABLED: 'True' }).SCREENING_ENABLED).toBe(true);
  });

  it('trims surrounding whitespace from string values', () => {
    const e = parseEnv({ SITE_NAME: '  Org  ', TRUSTED_PROXY_HEADER: ' CF-Connecting-IP ' });
    expect(e.SITE_NAME).toBe('Org');
    expect(e.TRUSTED_PROXY_HEADER).toBe('cf-connecting-ip');
  });

  it('parses numbers, booleans, URLs and lower-cases the trusted header', () => {
    const e = parseEnv({
      SCREENING_MAX_REQUESTS: '7',
      SCREENING_WINDOW_SECONDS: ' 30 ',
      SCREENING_PREFETCH_MAX_REQUESTS: '250',
      SCREENING_ENABLED: 'false',
      TRUSTED_PROXY_HEADER: 'X-Forwarded-For',
      REDIS_URL: 'redis://cache.internal:6379',
      SITE_URL: 'https://example.org',
      CONTACT_EMAIL_GENERAL: 'info@example.net',
    });
    expect(e.SCREENING_MAX_REQUESTS).toBe(7);
    expect(e.SCREENING_WINDOW_SECONDS).toBe(30);
    expect(e.SCREENING_PREFETCH_MAX_REQUESTS).toBe(250);
    expect(e.SCREENING_ENABLED).toBe(false);
    expect(e.TRUSTED_PROXY_HEADER).toBe('x-forwarded-for');
    expect(e.REDIS_URL).toBe('redis://cache.internal:6379');
    expect(e.SITE_URL).toBe('https://example.org');
    expect(e.CONTACT_EMAIL_GENERAL).toBe('info@example.net');
  });

  it('accepts SCREENING_ENABLED=true and rediss:// URLs', () => {
    const e = parseEnv({ SCREENING_ENABLED: 'true', REDIS_URL: 'rediss://cache.internal:6380' });
    expect(e.SCREENING_ENABLED).toBe(true);
    expect(e.REDIS_URL).toBe('rediss://cache.internal:6380');
  });

  it('reads the database settings: a postgres URL and a PGlite directory or memory://', () => {
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
    expect(parseEnv({}).PGLITE_DIR).toBeUndefined();
    const url = 'postgres://postgres.abc:s3cret@aws-0-eu-west-2.pooler.supabase.com:6543/postgres';
    expect(parseEnv({ DATABASE_URL: ` ${url} ` }).DATABASE_URL).toBe(url);
    expect(parseEnv({ DATABASE_URL: 'postgresql://app@127.0.0.1/site' }).DATABASE_URL).toBe(
      'postgresql://app@127.0.0.1/site',
    );
    expect(parseEnv({ PGLITE_DIR: '.data/pglite-2' }).PGLITE_DIR).toBe('.data/pglite-2');
    expect(parseEnv({ PGLITE_DIR: '/var/lib/site/pglite' }).PGLITE_DIR).toBe('/var/lib/site/pglite');
    expect(parseEnv({ PGLITE_DIR: 'memory://' }).PGLITE_DIR).toBe('memory://');
  });

  it('explains what a bad DATABASE_URL should look like', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://u@h/db' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\//,
    );
  });

  it.each([
    [{ DATABASE_URL: 'https://db.example.org' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'localhost:5432/site' }, 'DATABASE_URL'],
    [{ PGLITE_DIR: 'idb://site' }, 'PGLITE_DIR'],
    [{ SCREENING_MAX_REQUESTS: 'abc' }, 'SCREENING_MAX_REQUESTS'],
    [{ SCREENING_MAX_REQUESTS: '0' }, 'SCREENING_MAX_REQUESTS'],
    [{ SCREENING_WINDOW_SECONDS: '-5' }, 'SCREENING_WINDOW_SECONDS'],
    [{ SCREENING_PREFETCH_MAX_REQUESTS: '1.5' }, 'SCREENING_PREFETCH_MAX_REQUESTS'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ SITE_URL: 'ftp://example.org' }, 'SITE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ CONTACT_EMAIL_GENERAL: 'nope' }, 'CONTACT_EMAIL_GENERAL'],
    [{ SCREENING_ENABLED: 'maybe' }, 'SCREENING_ENABLED'],
    [{ TRUSTED_PROXY_HEADER: 'x forwarded for' }, 'TRUSTED_PROXY_HEADER'],
  ])('rejects %o naming %s and pointing to .env.example', (record, variable) => {
    expectInvalid(record, variable);
  });

  it('names every invalid variable at once', () => {
    let message = '';
    try {
      parseEnv({ SCREENING_MAX_REQUESTS: 'abc', SITE_URL: 'not a url' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('SCREENING_MAX_REQUESTS');
    expect(message).toContain('SITE_URL');
  });
});

describe('parseEnv: several instances (issue 16)', () => {
  it('accepts a base64 server-action key of 16, 24 or 32 bytes and a plain deployment id', () => {
    for (const bytes of [16, 24, 32]) {
      const key = Buffer.alloc(bytes, 9).toString('base64');
      expect(parseEnv({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key }).NEXT_SERVER_ACTIONS_ENCRYPTION_KEY).toBe(
        key,
      );
    }
    expect(parseEnv({ NEXT_DEPLOYMENT_ID: 'v2026-11-25_ab12' }).NEXT_DEPLOYMENT_ID).toBe('v2026-11-25_ab12');
  });

  it('refuses a key Next cannot use and a deployment id Next would reject', () => {
    expectInvalid(
      { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(20).toString('base64') },
      'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY',
    );
    expectInvalid(
      { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: 'not base64 at all!' },
      'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY',
    );
    expectInvalid({ NEXT_DEPLOYMENT_ID: 'v1.2/3' }, 'NEXT_DEPLOYMENT_ID');
  });
});
