import { describe, expect, it } from 'vitest';

import { hasForeignOrigin, isCrossSiteApiWrite, isForeignActionOrigin } from '@/lib/security/origin-check';

const SITE = 'https://lrjn.example.org';
const check = (
  method: string,
  pathname: string,
  headers: Record<string, string>,
  hosts: { siteUrl: string | undefined; development: boolean } = { siteUrl: SITE, development: false },
) => isCrossSiteApiWrite({ method, pathname, headers: new Headers(headers), ...hosts });

describe('isCrossSiteApiWrite (security review L1)', () => {
  it('refuses a write from another origin, a null origin, or cross-site / same-site fetch metadata', () => {
    expect(check('POST', '/api/courses/materials', { origin: 'https://evil.example' })).toBe(true);
    expect(check('POST', '/api/courses/materials', { origin: 'https://cms.lrjn.example.org' })).toBe(true);
    expect(check('DELETE', '/api/session', { origin: 'null' })).toBe(true);
    expect(check('PUT', '/api/x', { origin: 'not a url' })).toBe(true);
    expect(check('PUT', '/api/x', { origin: '' })).toBe(true);
    expect(check('POST', '/api/mailchimp/subscribe', { 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(check('POST', '/api/mailchimp/subscribe', { 'sec-fetch-site': 'same-site', origin: SITE })).toBe(
      true,
    );
  });

  it("allows the site's own origin and clients that send neither header", () => {
    expect(check('POST', '/api/assistant', { origin: SITE, 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(check('POST', '/api/assistant', { origin: SITE.toUpperCase() })).toBe(false);
    expect(check('POST', '/api/assistant', {})).toBe(false);
    expect(check('POST', '/api/assistant', { 'sec-fetch-site': 'none' })).toBe(false);
  });

  it('only judges writes to /api/*, and never the HMAC-signed webhook', () => {
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect(check('GET', '/api/session', evil)).toBe(false);
    expect(check('HEAD', '/api/session', evil)).toBe(false);
    expect(check('POST', '/contact', evil)).toBe(false); // server actions: isForeignActionOrigin below
    expect(check('POST', '/apiary', evil)).toBe(false);
    expect(check('POST', '/api/revalidate', evil)).toBe(false);
    expect(check('POST', '/api', evil)).toBe(true);
  });

  it("lets a mail client's RFC 8058 one-click unsubscribe through, wherever it posts from", () => {
    const webmail = { origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' };
    expect(check('POST', '/api/newsletter/unsubscribe', webmail)).toBe(false);
    expect(check('POST', '/api/mailchimp/subscribe', webmail)).toBe(true);
  });
});

describe('the origin check trusts SITE_URL, not X-Forwarded-Host (security review NL7)', () => {
  it('refuses a foreign Origin whatever X-Forwarded-Host or Host claim', () => {
    const evil = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' };
    expect(check('POST', '/api/courses/materials', evil)).toBe(true);
    expect(check('POST', '/api/courses/materials', { ...evil, host: 'evil.example' })).toBe(true);
    expect(check('POST', '/api/courses/materials', { ...evil, 'x-forwarded-host': 'a, evil.example' })).toBe(
      true,
    );
  });

  it('with SITE_URL set, Host counts only in development', () => {
    const local = { origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100' };
    expect(check('POST', '/api/assistant', local)).toBe(true);
    expect(check('POST', '/api/assistant', local, { siteUrl: SITE, development: true })).toBe(false);
    expect(check('POST', '/api/assistant', { origin: SITE, host: '127.0.0.1:3100' })).toBe(false);
  });

  it('without SITE_URL (a demo or test server), Host is all there is to compare with', () => {
    const hosts = { siteUrl: undefined, development: false };
    expect(
      check('POST', '/api/assistant', { origin: 'http://localhost:3100', host: 'localhost:3100' }, hosts),
    ).toBe(false);
    expect(
      check(
        'POST',
        '/api/assistant',
        { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', host: 'localhost:3100' },
        hosts,
      ),
    ).toBe(true);
  });

  it('hasForeignOrigin: no Origin header is not foreign; an empty, null or non-web Origin is', () => {
    const hosts = { siteUrl: SITE, development: false };
    expect(hasForeignOrigin(hosts, new Headers({}))).toBe(false);
    for (const origin of [
      '',
      'null',
      'file://',
      'chrome-extension://abc',
      'https://lrjn.example.org.evil.example',
    ])
      expect(hasForeignOrigin(hosts, new Headers({ origin })), origin).toBe(true);
  });
});

describe('isForeignActionOrigin: server actions with an Origin Next would abort on (security review L8)', () => {
  const hosts = { siteUrl: SITE, development: false };
  const foreign = (headers: Record<string, string>) => isForeignActionOrigin(hosts, new Headers(headers));

  it('refuses foreign, null, empty and unparseable Origins', () => {
    for (const origin of ['https://evil.example', 'null', '', 'garbage', 'http://[::1'])
      expect(foreign({ origin, host: 'lrjn.example.org' }), origin).toBe(true);
  });

  it('refuses an Origin of this site that Next would not match (X-Forwarded-Host or Host elsewhere)', () => {
    expect(foreign({ origin: SITE, host: 'lrjn.example.org', 'x-forwarded-host': 'evil.example' })).toBe(
      true,
    );
    expect(foreign({ origin: SITE, host: '127.0.0.1:3001' })).toBe(true);
    expect(foreign({ origin: SITE, host: 'LRJN.example.org' })).toBe(true);
  });

  it('lets through what Next accepts: no Origin, or this site behind nginx', () => {
    expect(foreign({ host: 'lrjn.example.org' })).toBe(false);
    expect(foreign({ origin: SITE, host: 'lrjn.example.org' })).toBe(false);
    expect(foreign({ origin: SITE, host: 'lrjn.example.org', 'x-forwarded-host': 'lrjn.example.org' })).toBe(
      false,
    );
  });
});
