import { describe, expect, it } from 'vitest';

import { isCrossSiteApiWrite } from '@/lib/security/origin-check';

const SITE = 'https://lrjn.example.org';
const check = (method: string, pathname: string, headers: Record<string, string>) =>
  isCrossSiteApiWrite({ method, pathname, headers: new Headers(headers), siteOrigin: SITE });

describe('isCrossSiteApiWrite (security review L1)', () => {
  it('refuses a write from another origin, a null origin, or cross-site / same-site fetch metadata', () => {
    expect(check('POST', '/api/courses/materials', { origin: 'https://evil.example' })).toBe(true);
    expect(check('POST', '/api/courses/materials', { origin: 'https://cms.lrjn.example.org' })).toBe(true);
    expect(check('DELETE', '/api/session', { origin: 'null' })).toBe(true);
    expect(check('PUT', '/api/x', { origin: 'not a url' })).toBe(true);
    expect(check('POST', '/api/mailchimp/subscribe', { 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(check('POST', '/api/mailchimp/subscribe', { 'sec-fetch-site': 'same-site', origin: SITE })).toBe(
      true,
    );
  });

  it("allows the site's own origin, the host the request was sent to, and clients that send neither", () => {
    expect(check('POST', '/api/assistant', { origin: SITE, 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(check('POST', '/api/assistant', { origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100' })).toBe(
      false,
    );
    expect(check('POST', '/api/assistant', { origin: SITE.toUpperCase() })).toBe(false);
    expect(check('POST', '/api/assistant', {})).toBe(false);
    expect(check('POST', '/api/assistant', { 'sec-fetch-site': 'none' })).toBe(false);
  });

  it('only judges writes to /api/*, and never the HMAC-signed webhook', () => {
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect(check('GET', '/api/session', evil)).toBe(false);
    expect(check('HEAD', '/api/session', evil)).toBe(false);
    expect(check('POST', '/contact', evil)).toBe(false); // server actions: Next checks their Origin itself
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
