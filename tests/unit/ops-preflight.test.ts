import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/lib/config/env';
import { DEMO_IDENTITY, placeholderValues } from '@/lib/config/placeholders';
import { buildSiteConfig, identityPlaceholders } from '@/lib/config/site';
import { bindHostFrom, isLoopbackHost, preflight } from '@/lib/ops/preflight';

const PROD = { NODE_ENV: 'production' };
/** A real-looking public identity (invented, but none of it a reserved placeholder). */
const REAL_IDENTITY = {
  SITE_URL: 'https://leedsracialjustice.org.uk',
  SITE_STREET_ADDRESS: 'Unit 4, Chapeltown Enterprise Centre',
  SITE_POSTCODE: 'LS7 3BZ',
  SITE_PHONE: '0113 262 4000',
  CONTACT_EMAIL_GENERAL: 'hello@leedsracialjustice.org.uk',
  CONTACT_EMAIL_PRESS: 'press@leedsracialjustice.org.uk',
  CONTACT_EMAIL_DONATIONS: 'support@leedsracialjustice.org.uk',
  CONTACT_EMAIL_UNLEARNING_RACISM: 'unlearning@leedsracialjustice.org.uk',
  CONTACT_EMAIL_CLIMATE_JUSTICE: 'climate@leedsracialjustice.org.uk',
  SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/leedsracialjustice',
  SOCIAL_X_URL: 'https://x.com/leedsrjn',
  SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/leedsrjn',
  SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@leedsrjn',
  SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/leedsrjn',
  DONATION_URL: 'https://www.justgiving.com/leedsracialjustice',
  CHARITY_NUMBER: '1187654',
};
const COMPLETE = {
  ...PROD,
  ...REAL_IDENTITY,
  WORDPRESS_URL: 'https://cms.leedsracialjustice.org.uk',
  REVALIDATE_SECRET: 'r'.repeat(32),
  DATABASE_URL: 'postgres://u:p@db.internal/site',
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
      const { errors } = preflight({ ...REAL_IDENTITY, ...PROD, SITE_URL: undefined }, host);
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
    expect(warnings.some((w) => w.includes('placeholder DEMO identity'))).toBe(true);
    // Without it: the missing SITE_URL and the placeholder identity, one line each.
    expect(preflight({ ...PROD, ALLOW_DEMO_PRODUCTION: '0' }, '0.0.0.0').errors).toHaveLength(2);
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
    const multi = {
      ...COMPLETE,
      REDIS_URL: 'redis://cache.internal:6379',
      NEXT_DEPLOYMENT_ID: 'abc123',
      MATERIALS_STORAGE: 's3',
    };
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
    expect(warnings.filter((w) => w.includes('MATERIALS_STORAGE=s3'))).toHaveLength(1);
    const shared = preflight(
      {
        ...COMPLETE,
        REDIS_URL: 'redis://cache.internal:6379',
        NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key,
        NEXT_DEPLOYMENT_ID: 'v1',
        MATERIALS_STORAGE: 's3',
      },
      '0.0.0.0',
    );
    expect(shared).toEqual({ errors: [], warnings: [] });
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

  it('refuses the built-in placeholder identity on a public bind, naming every placeholder value', () => {
    const { errors } = preflight(
      {
        ...COMPLETE,
        ...Object.fromEntries(Object.keys(REAL_IDENTITY).map((k) => [k, undefined])),
        SITE_URL: COMPLETE.SITE_URL,
      },
      '0.0.0.0',
    );
    expect(errors).toHaveLength(1);
    const line = errors[0] ?? '';
    for (const value of [
      'hello@example.org',
      'press@example.org',
      'support@example.org',
      'unlearning@example.org',
      'climate@example.org',
      'CHARITY_NUMBER=0000000',
      'SITE_PHONE=0113 496 0000',
      '12 Example Yard',
      'https://www.facebook.com/example',
      'https://x.com/example',
      'https://www.instagram.com/example',
      'https://www.youtube.com/@example',
      'https://www.linkedin.com/company/example',
      'https://donate.example.org/',
    ])
      expect(line).toContain(value);
    expect(line).toContain('ALLOW_DEMO_PRODUCTION=1');
  });

  it('refuses each placeholder value on its own, even when everything else is real', () => {
    const cases: Record<string, string> = {
      SITE_URL: 'http://127.0.0.1:3000',
      SITE_STREET_ADDRESS: '12 Example Yard',
      SITE_PHONE: '+44 113 496 0123',
      CONTACT_EMAIL_GENERAL: 'hello@example.org',
      CONTACT_EMAIL_PRESS: 'press@example.com',
      CHARITY_NUMBER: '0000000',
      SOCIAL_X_URL: 'https://x.com/example',
      SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/example/',
      DONATION_URL: 'https://donate.example.org/lrjn',
    };
    for (const [key, value] of Object.entries(cases)) {
      const { errors } = preflight({ ...COMPLETE, [key]: value }, '0.0.0.0');
      expect(errors, key).toHaveLength(1);
      expect(errors[0], key).toContain(`${key}=${value}`);
    }
  });

  it('refuses the placeholders behind a proxy (loopback bind) once SITE_URL names a public site', () => {
    const behindNginx = { ...PROD, SITE_URL: REAL_IDENTITY.SITE_URL };
    const { errors } = preflight(behindNginx, 'localhost');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('has the public SITE_URL https://leedsracialjustice.org.uk');
    expect(preflight({ ...behindNginx, ALLOW_DEMO_PRODUCTION: '1' }, 'localhost').errors).toEqual([]);
  });

  it('a local trial (loopback, no SITE_URL) only warns about the placeholders, and a real identity has none', () => {
    const local = preflight(PROD, 'localhost');
    expect(local.errors).toEqual([]);
    expect(local.warnings.filter((w) => w.includes('placeholder DEMO identity'))).toHaveLength(1);
    const real = preflight({ ...COMPLETE, SITE_URL: undefined }, 'localhost');
    expect(real.warnings.some((w) => w.includes('placeholder DEMO identity'))).toBe(false);
  });
});

describe('the placeholder identity (lib/config/placeholders.ts)', () => {
  it('recognises every built-in default as a placeholder, and no value of a real identity', () => {
    expect(placeholderValues({}).map((p) => p.key)).toEqual(Object.keys(DEMO_IDENTITY));
    expect(placeholderValues(REAL_IDENTITY)).toEqual([]);
  });

  it("knows Ofcom's drama ranges in any spelling, and leaves ordinary Leeds numbers alone", () => {
    for (const phone of [
      '0113 496 0000',
      '0113 4960999',
      '+44 (0)113 496 0500',
      '020 7946 0123',
      '07700 900123',
    ])
      expect(
        placeholderValues({ ...REAL_IDENTITY, SITE_PHONE: phone }).map((p) => p.key),
        phone,
      ).toEqual(['SITE_PHONE']);
    for (const phone of ['0113 496 1000', '0113 262 4000', '0800 138 1625'])
      expect(placeholderValues({ ...REAL_IDENTITY, SITE_PHONE: phone }), phone).toEqual([]);
  });

  it('drives the Demo site banner: shown with the defaults, gone once every public detail is real', () => {
    expect(identityPlaceholders(buildSiteConfig(parseEnv({}))).length).toBeGreaterThan(0);
    expect(identityPlaceholders(buildSiteConfig(parseEnv(REAL_IDENTITY)))).toEqual([]);
    // One placeholder left is enough for the banner: never half demo, half real.
    expect(
      identityPlaceholders(buildSiteConfig(parseEnv({ ...REAL_IDENTITY, CHARITY_NUMBER: '0000000' }))).map(
        (p) => p.key,
      ),
    ).toEqual(['CHARITY_NUMBER']);
  });
});
