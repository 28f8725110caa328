import { afterEach, describe, expect, it, vi } from 'vitest';

import { parseEnv } from '@/lib/config/env';
import { buildSiteConfig } from '@/lib/config/site';
import {
  donationOrigin,
  donationProviderUrl,
  donationQuery,
  formatAmount,
  type DonationParams,
} from '@/lib/donate/provider';
import { contentSecurityPolicy } from '@/lib/security/headers';

const DEFAULT_PARAMS: DonationParams = {
  amount: 'amount',
  frequency: 'frequency',
  oneOff: 'one-off',
  monthly: 'monthly',
};
const BASE = 'https://donate.example.org/leeds-racial-justice-network';

describe('donationQuery (the donate form as GET /api/donate reads it)', () => {
  it('reads a suggested amount and the frequency', () => {
    expect(donationQuery.parse({ frequency: 'one-off', amount: '25' })).toEqual({
      frequency: 'one-off',
      amount: 25,
    });
    expect(donationQuery.parse({ frequency: 'monthly', amount: '10', other: '' })).toEqual({
      frequency: 'monthly',
      amount: 10,
    });
  });

  it('lets a typed amount win over the suggested one, in pounds and pence', () => {
    expect(donationQuery.parse({ frequency: 'monthly', amount: '10', other: '12.5' })).toEqual({
      frequency: 'monthly',
      amount: 12.5,
    });
    expect(donationQuery.parse({ amount: '10', other: ' £1,500 ' }).amount).toBe(1500);
  });

  it('drops an unreadable or out-of-range amount instead of failing, and defaults the frequency to monthly', () => {
    for (const other of ['abc', '0', '0.50', '10001', '12.345', '-5', '1e3']) {
      expect(donationQuery.parse({ frequency: 'one-off', amount: '10', other }).amount).toBeNull();
    }
    expect(donationQuery.parse({ frequency: 'weekly', amount: '5' })).toEqual({
      frequency: 'monthly',
      amount: 5,
    });
    expect(donationQuery.parse({})).toEqual({ frequency: 'monthly', amount: null });
    expect(donationQuery.parse({ amount: 'x'.repeat(100) }).amount).toBeNull();
  });
});

describe('donationProviderUrl', () => {
  it('puts the amount and frequency in the provider’s parameters, one-off and monthly', () => {
    expect(donationProviderUrl(BASE, DEFAULT_PARAMS, { frequency: 'one-off', amount: 25 })).toBe(
      `${BASE}?amount=25&frequency=one-off`,
    );
    expect(donationProviderUrl(BASE, DEFAULT_PARAMS, { frequency: 'monthly', amount: 12.5 })).toBe(
      `${BASE}?amount=12.50&frequency=monthly`,
    );
  });

  it('uses the configured names and values, keeps the provider’s own query, and skips what it does not take', () => {
    const site = buildSiteConfig(
      parseEnv({
        DONATION_URL: 'https://give.example.com/form?campaign=web',
        DONATION_AMOUNT_PARAM: 'donation_amount',
        DONATION_FREQUENCY_PARAM: 'none',
        DONATION_MONTHLY_VALUE: 'regular',
      }),
    );
    expect(site.donationParams).toEqual({
      amount: 'donation_amount',
      frequency: null,
      oneOff: 'one-off',
      monthly: 'regular',
    });
    expect(
      donationProviderUrl(site.donationUrl, site.donationParams, { frequency: 'monthly', amount: 50 }),
    ).toBe('https://give.example.com/form?campaign=web&donation_amount=50');
    const withFrequency = { ...site.donationParams, frequency: 'period' };
    expect(donationProviderUrl(site.donationUrl, withFrequency, { frequency: 'monthly', amount: null })).toBe(
      'https://give.example.com/form?campaign=web&period=regular',
    );
  });

  it('rejects a parameter name that is not one', () => {
    expect(() => parseEnv({ DONATION_AMOUNT_PARAM: 'a b&c=d' })).toThrow(/DONATION_AMOUNT_PARAM/);
  });

  it('formats amounts as a payment page expects', () => {
    expect(formatAmount(10)).toBe('10');
    expect(formatAmount(12.5)).toBe('12.50');
  });
});

describe('CSP form-action', () => {
  it('allows the donation page’s origin, so the form’s redirect is not blocked', () => {
    expect(donationOrigin(undefined)).toBe('https://donate.example.org');
    expect(donationOrigin('https://give.example.com/x?y=1')).toBe('https://give.example.com');
    expect(donationOrigin('not a url')).toBe('https://donate.example.org');
    const csp = contentSecurityPolicy({ production: true, formOrigins: [donationOrigin(undefined)] });
    expect(csp).toContain("form-action 'self' https://donate.example.org;");
  });
});

describe('GET /api/donate', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function get(query: string) {
    const { GET } = await import('@/app/api/donate/route');
    return GET(new Request(`http://localhost/api/donate?${query}`));
  }

  it('answers 303 to the provider with the one-off choice', async () => {
    const res = await get('frequency=one-off&amount=25&other=');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${BASE}?amount=25&frequency=one-off`);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers 303 to the provider with a typed monthly amount', async () => {
    const res = await get('frequency=monthly&amount=10&other=7.5');
    expect(res.headers.get('Location')).toBe(`${BASE}?amount=7.50&frequency=monthly`);
  });

  it('follows DONATION_URL and the parameter names from the environment', async () => {
    vi.stubEnv('DONATION_URL', 'https://give.example.com/lrjn');
    vi.stubEnv('DONATION_AMOUNT_PARAM', 'value');
    vi.stubEnv('DONATION_FREQUENCY_PARAM', 'recurring');
    vi.stubEnv('DONATION_ONE_OFF_VALUE', 'false');
    vi.stubEnv('DONATION_MONTHLY_VALUE', 'true');
    vi.resetModules();
    const res = await get('frequency=monthly&amount=50');
    expect(res.headers.get('Location')).toBe('https://give.example.com/lrjn?value=50&recurring=true');
  });
});
