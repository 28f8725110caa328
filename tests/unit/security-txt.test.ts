import { describe, expect, it } from 'vitest';

import { securityTxt } from '@/lib/security/security-txt';

describe('securityTxt (RFC 9116)', () => {
  const site = {
    url: 'https://lrjn.example.org',
    emails: {
      general: 'hello@example.org',
      press: 'p@example.org',
      donations: 'd@example.org',
      unlearningRacism: 'u@example.org',
      climateJustice: 'c@example.org',
    },
  };

  it('names a contact, a canonical URL and an expiry less than a year ahead', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const text = securityTxt(site, now);
    expect(text).toContain('Contact: mailto:hello@example.org\n');
    expect(text).toContain('Canonical: https://lrjn.example.org/.well-known/security.txt\n');
    const expires = new Date(/^Expires: (.+)$/m.exec(text)![1]!);
    const days = (expires.getTime() - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(300);
    expect(days).toBeLessThan(365);
  });
});
