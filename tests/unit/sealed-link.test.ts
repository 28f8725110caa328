import { describe, expect, it } from 'vitest';

import { openSealedLink, redactLink, sealLink } from '@/lib/mailing/transport/sealed-link';

/** The one-time links of queued account emails (lib/mailing/transport/sealed-link.ts, security finding M7). */
describe('sealed links', () => {
  const link =
    'https://site.example/auth/confirm?token_hash=AbC_123-xyz&type=recovery&locale=fr&next=%2Fcourses';

  it('redact only the token, keeping the rest of the link readable', () => {
    expect(redactLink(link)).toBe(
      'https://site.example/auth/confirm?token_hash=[redacted]&type=recovery&locale=fr&next=%2Fcourses',
    );
    expect(redactLink('https://site.example/login')).toBe('https://site.example/login');
  });

  it('open with the key that sealed them, and never with another key or after tampering', () => {
    const secret = 'a server secret of at least thirty-two characters';
    const sealed = sealLink(link, secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('AbC_123');
    expect(openSealedLink(sealed, secret)).toBe(link);
    expect(sealLink(link, secret)).not.toBe(sealed); // a fresh IV each time
    expect(openSealedLink(sealed, 'another server secret, also long enough')).toBeNull();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(openSealedLink(`v1.${raw.toString('base64url')}`, secret)).toBeNull();
    for (const junk of [undefined, 42, '', 'v1.', 'v2.abc', 'v1.%%%'])
      expect(openSealedLink(junk, secret)).toBeNull();
  });

  it('use a per-process key when no secret is configured', () => {
    expect(openSealedLink(sealLink(link))).toBe(link);
  });
});
