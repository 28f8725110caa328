import { describe, expect, it } from 'vitest';

import { safeExtraHeaders } from '@/lib/mailing/transport/message';
import {
  listUnsubscribeHeaders,
  newsletterConfirmEmail,
  newsletterPageUrl,
  oneClickUnsubscribeUrl,
} from '@/lib/mailing/emails';
import {
  CONFIRM_LINK_TTL_SECONDS,
  issueNewsletterToken,
  newsletterLinkKey,
  subscriberStateTag,
  verifyNewsletterToken,
} from '@/lib/mailing/links';

/**
 * The newsletter's signed links (lib/mailing/links.ts) and its confirmation email (lib/mailing/emails.ts), pure.
 */
const key = newsletterLinkKey('unit-secret-of-at-least-32-characters!!');
const id = '3f1c2a9e-4b7d-4c1e-9a2b-5d6e7f809a1b';
const now = Date.UTC(2026, 10, 25, 12);

describe('newsletter link tokens', () => {
  it('round-trips a confirmation token with its state tag, and an unsubscribe token', () => {
    const tag = subscriberStateTag({ status: 'pending', consentedAt: null });
    const confirm = issueNewsletterToken(key, 'confirm', id, now, tag);
    expect(confirm).toMatch(/^c\.[0-9a-f-]{36}\.\d+\.[\w-]+\.[\w-]{43}$/);
    expect(verifyNewsletterToken(key, 'confirm', confirm, now)).toEqual({
      ok: true,
      subscriberId: id,
      stateTag: tag,
    });
    const unsubscribe = issueNewsletterToken(key, 'unsubscribe', id, now);
    expect(verifyNewsletterToken(key, 'unsubscribe', unsubscribe, now)).toMatchObject({
      ok: true,
      subscriberId: id,
    });
  });

  it('refuses a token for the other purpose, signed with another key, altered, or malformed', () => {
    const confirm = issueNewsletterToken(key, 'confirm', id, now, 'abc');
    const unsubscribe = issueNewsletterToken(key, 'unsubscribe', id, now);
    const invalid = { ok: false, reason: 'invalid' };
    expect(verifyNewsletterToken(key, 'unsubscribe', confirm, now)).toEqual(invalid);
    expect(verifyNewsletterToken(key, 'confirm', unsubscribe, now)).toEqual(invalid);
    // A forged prefix keeps the old signature, which covers the prefix.
    expect(verifyNewsletterToken(key, 'unsubscribe', `u${confirm.slice(1)}`, now)).toEqual(invalid);
    expect(verifyNewsletterToken(newsletterLinkKey('other'), 'confirm', confirm, now)).toEqual(invalid);
    const otherId = confirm.replace(id, '00000000-0000-4000-8000-000000000000');
    expect(verifyNewsletterToken(key, 'confirm', otherId, now)).toEqual(invalid);
    const longer = confirm.replace(/\.(\d+)\./, (_, exp: string) => `.${Number(exp) + 86400}.`);
    expect(verifyNewsletterToken(key, 'confirm', longer, now)).toEqual(invalid);
    for (const bad of [undefined, '', 'c.x', `${confirm}x`, 'c'.repeat(300), 42])
      expect(verifyNewsletterToken(key, 'confirm', bad, now)).toEqual(invalid);
  });

  it('the form-token secret alone does not sign link tokens (a purpose-separated key)', () => {
    const secret = 'unit-secret-of-at-least-32-characters!!';
    expect(newsletterLinkKey(secret).equals(Buffer.from(secret))).toBe(false);
    const withRawSecret = issueNewsletterToken(Buffer.from(secret), 'unsubscribe', id, now);
    expect(verifyNewsletterToken(key, 'unsubscribe', withRawSecret, now)).toMatchObject({ ok: false });
  });

  it('expires: a confirmation after 7 days, an unsubscribe link after 2 years', () => {
    const confirm = issueNewsletterToken(key, 'confirm', id, now, 't');
    expect(
      verifyNewsletterToken(key, 'confirm', confirm, now + (CONFIRM_LINK_TTL_SECONDS - 1) * 1000).ok,
    ).toBe(true);
    expect(
      verifyNewsletterToken(key, 'confirm', confirm, now + (CONFIRM_LINK_TTL_SECONDS + 1) * 1000),
    ).toEqual({
      ok: false,
      reason: 'expired',
    });
    const unsubscribe = issueNewsletterToken(key, 'unsubscribe', id, now);
    const year = 365 * 24 * 3600 * 1000;
    expect(verifyNewsletterToken(key, 'unsubscribe', unsubscribe, now + year).ok).toBe(true);
    expect(verifyNewsletterToken(key, 'unsubscribe', unsubscribe, now + 3 * year)).toMatchObject({
      reason: 'expired',
    });
  });

  it('the state tag changes when the subscriber confirms or unsubscribes', () => {
    const consented = new Date(now);
    const tags = new Set([
      subscriberStateTag({ status: 'pending', consentedAt: null }),
      subscriberStateTag({ status: 'active', consentedAt: consented }),
      subscriberStateTag({ status: 'unsubscribed', consentedAt: consented }),
      subscriberStateTag({ status: 'unsubscribed', consentedAt: new Date(now + 1) }),
    ]);
    expect(tags.size).toBe(4);
  });
});

describe('newsletter confirmation email', () => {
  const texts = (key: string, values?: Record<string, string>) =>
    `${key}${values ? JSON.stringify(values) : ''}`;

  it('has the confirm link, the unsubscribe link and the RFC 8058 headers; the subject is one line', () => {
    const token = issueNewsletterToken(key, 'unsubscribe', id, now);
    const message = newsletterConfirmEmail(
      {
        to: 'ana@example.org',
        siteName: 'Leeds\r\nBcc: x@evil.example',
        confirmUrl: newsletterPageUrl('https://site.example', 'confirm', 'pt', 'c.tok'),
        unsubscribeUrl: newsletterPageUrl('https://site.example', 'unsubscribe', 'pt', token),
        oneClickUrl: oneClickUnsubscribeUrl('https://site.example', token, 'pt'),
      },
      texts,
    );
    expect(message.subject).not.toMatch(/[\r\n]/);
    expect(message.text.split('\n')).toEqual([
      'hello',
      '',
      'confirmIntro{"siteName":"Leeds Bcc: x@evil.example"}',
      'https://site.example/pt/newsletter/confirm?token=c.tok',
      '',
      'confirmExpiry',
      '',
      'confirmNotYou',
      '',
      'unsubscribeLine',
      `https://site.example/pt/newsletter/unsubscribe?token=${token}`,
      '',
      'Leeds Bcc: x@evil.example',
    ]);
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<https://site.example/api/newsletter/unsubscribe?token=${token}&locale=pt>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('English links have no locale prefix; unknown locales fall back to English', () => {
    expect(newsletterPageUrl('https://site.example', 'confirm', 'en', 't')).toBe(
      'https://site.example/newsletter/confirm?token=t',
    );
    expect(newsletterPageUrl('https://site.example', 'unsubscribe', 'de', 't')).toBe(
      'https://site.example/newsletter/unsubscribe?token=t',
    );
    expect(oneClickUnsubscribeUrl('https://site.example', 't')).toBe(
      'https://site.example/api/newsletter/unsubscribe?token=t',
    );
  });

  it('extra headers are sent only when they are single-line fields with a token name', () => {
    expect(safeExtraHeaders({})).toBeUndefined();
    expect(
      safeExtraHeaders({
        headers: {
          ...listUnsubscribeHeaders('https://site.example/u'),
          'X-Evil': 'a\r\nBcc: x@evil.example',
          'Bad Name': 'x',
        },
      }),
    ).toEqual({
      'List-Unsubscribe': '<https://site.example/u>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
