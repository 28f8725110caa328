import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/lib/config/env';
import { buildSiteConfig } from '@/lib/config/site';

describe('buildSiteConfig', () => {
  it('uses fictional defaults with an empty env', () => {
    const site = buildSiteConfig(parseEnv({}));
    expect(site.name).toBe('Leeds Racial Justice Network');
    expect(site.url).toBe('http://localhost:3000');
    expect(site.phone.startsWith('0113 496 0')).toBe(true);
    const emails = Object.values(site.emails);
    expect(emails).toHaveLength(5);
    for (const email of emails) expect(email.endsWith('@example.org')).toBe(true);
    const social = Object.values(site.social);
    expect(social).toHaveLength(5);
    for (const url of social) expect(() => new URL(url)).not.toThrow();
    expect(new Set(social).size).toBe(5);
    expect(site.address.locality).toBe('Leeds');
    expect(site.address.country).toBe('GB');
    expect(site.donationUrl).toMatch(/^https:\/\//);
  });

  it('applies env overrides', () => {
    const site = buildSiteConfig(
      parseEnv({
        SITE_NAME: 'Test Org',
        SITE_SHORT_NAME: 'TO',
        SITE_URL: 'https://test.example.com//',
        SITE_LOCALITY: 'Bradford',
        SITE_PHONE: '0113 496 0999',
        CONTACT_EMAIL_PRESS: 'media@test.example.com',
        SOCIAL_X_URL: 'https://x.com/testorg',
        DONATION_URL: 'https://give.example.com/test',
        CHARITY_NUMBER: '1234567',
      }),
    );
    expect(site.name).toBe('Test Org');
    expect(site.shortName).toBe('TO');
    expect(site.url).toBe('https://test.example.com');
    expect(site.address.locality).toBe('Bradford');
    expect(site.phone).toBe('0113 496 0999');
    expect(site.emails.press).toBe('media@test.example.com');
    expect(site.emails.general).toBe('hello@example.org');
    expect(site.social.x).toBe('https://x.com/testorg');
    expect(site.social.facebook).toBe('https://www.facebook.com/example');
    expect(site.donationUrl).toBe('https://give.example.com/test');
    expect(site.charityNumber).toBe('1234567');
  });

  it('strips a single trailing slash from SITE_URL', () => {
    expect(buildSiteConfig(parseEnv({ SITE_URL: 'https://example.com/' })).url).toBe('https://example.com');
  });
});
