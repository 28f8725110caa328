import { beforeAll, describe, expect, it } from 'vitest';

import { buildEnquiryEmail } from '@/lib/mailing/transport/message';

process.env.ENQUIRY_TO = 'team@example.org';
process.env.SITE_NAME = 'Test Network';

type EmailModule = typeof import('@/lib/mailing/transport');
let email: EmailModule;
beforeAll(async () => {
  email = await import('@/lib/mailing/transport');
});

const enquiry = {
  id: '6f1c8a52-1d0e-4a4e-9d8f-2f2b7f0c1a33',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'Line one\nLine two <b>not html</b>',
  locale: 'fr',
  createdAt: new Date('2026-07-01T13:05:00Z'),
};

describe('buildEnquiryEmail', () => {
  it('addresses the team, replies to the sender and carries the message verbatim', () => {
    const msg = buildEnquiryEmail(enquiry, { to: 'team@example.org', siteName: 'Test Network' });
    expect(msg.to).toBe('team@example.org');
    expect(msg.replyTo).toBe('ada@example.org');
    expect(msg.subject).toBe('Website enquiry from Ada Lovelace');
    expect(msg.text).toContain('Name: Ada Lovelace');
    expect(msg.text).toContain('Email: ada@example.org');
    expect(msg.text).toContain('Language: fr');
    expect(msg.text).toContain(`Enquiry id: ${enquiry.id}`);
    // 13:05 UTC is 14:05 in London in July (BST).
    // The site's one date format (lib/utils/format.ts): 'Month day, year @ h:mm AM/PM'. ICU versions differ in the space before PM.
    expect(msg.text).toMatch(/Received: July 1, 2026 @ 2:05\s?PM \(UK time\)/u);
    expect(msg.text).toContain('Line one\nLine two <b>not html</b>');
  });

  it('keeps header injection out of the subject and reply-to', () => {
    const msg = buildEnquiryEmail(
      {
        ...enquiry,
        name: `Eve\r\nBcc: victim@example.org ${'x'.repeat(200)}`,
        email: 'eve@example.org\r\nX: y',
      },
      { to: 'team@example.org', siteName: 'Test Network' },
    );
    expect(msg.subject).not.toMatch(/[\r\n]/);
    expect(msg.subject.length).toBeLessThanOrEqual('Website enquiry from '.length + 80);
    expect(msg.replyTo).not.toMatch(/[\r\n]/);
  });
});

describe('enquiryEmail', () => {
  it('uses ENQUIRY_TO and the site name from the environment', () => {
    const msg = email.enquiryEmail({
      ...enquiry,
      forwardStatus: 'pending',
      forwardAttempts: 0,
      forwardLastError: null,
      forwardedAt: null,
      status: 'new',
      assignedTo: null,
      handledAt: null,
      readAt: null,
      submissionKey: null,
    });
    expect(msg.to).toBe('team@example.org');
    expect(msg.text).toContain('contact form of the Test Network website');
  });
});
