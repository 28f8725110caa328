import { describe, expect, it } from 'vitest';

import {
  buildAcknowledgementEmail,
  buildEnquiryEmail,
  buildEnquiryReplyEmail,
  buildStaffNoticeEmail,
  hasOwnGreeting,
  hasOwnSignOff,
} from '@/lib/mailing/transport/message';
import { enquiryIdOfRecipient, replyAddress } from '@/lib/mailing/transport/reply-address';

/**
 * Issue 34 (D17): the staff reply greets and signs off once, the forward links to the back office, the
 * acknowledgement copies nothing the sender typed; the enquiry's signed reply address (inbound mail).
 */

const texts = {
  subject: 'Re: your message to Test Network',
  greeting: 'Hello Vera,',
  signOff: 'With best wishes,\nTest Network',
  quoteIntro: 'Your message:',
};
const input = { to: 'vera@example.org', original: 'Hi\nthere', replyTo: 'team@example.org' };

describe('buildEnquiryReplyEmail: one greeting, the staff text, one sign-off', () => {
  it('frames a bare staff text with the template greeting and sign-off', () => {
    const { text } = buildEnquiryReplyEmail({ ...input, body: 'Come on Thursday.' }, texts);
    expect(text).toBe(
      'Hello Vera,\n\nCome on Thursday.\n\nWith best wishes,\nTest Network\n\nYour message:\n> Hi\n> there\n',
    );
  });

  it('leaves the template greeting out when staff typed their own, and the sign-off when they closed', () => {
    const { text } = buildEnquiryReplyEmail(
      { ...input, body: 'Dear Vera,\n\nCome on Thursday.\n\nKind regards,\nSam' },
      texts,
    );
    expect(text.match(/Hello Vera|Dear Vera/g)).toEqual(['Dear Vera']);
    expect(text).not.toContain('With best wishes');
    expect(text.startsWith('Dear Vera,\n\nCome on Thursday.\n\nKind regards,\nSam\n\nYour message:')).toBe(
      true,
    );
  });

  it('recognises greetings and closings in the four languages, and not ordinary sentences', () => {
    for (const g of ['Hola Ana:', 'Bonjour Zoé,', 'Olá Rui,', 'Hi!', 'Good morning Vera,', 'Querida Ana,'])
      expect(hasOwnGreeting(`${g}\nText`), g).toBe(true);
    for (const g of ['Highlights of the week follow.', 'Thursday works.', 'Olive oil is fine.'])
      expect(hasOwnGreeting(`${g}\nText`), g).toBe(false);
    for (const s of [
      'Best wishes,',
      'Un saludo,',
      'Bien cordialement,',
      'Cumprimentos,',
      'Merci !',
      'Thanks',
    ])
      expect(hasOwnSignOff(`Text.\n\n${s}\nSam`), s).toBe(true);
    expect(hasOwnSignOff('Thank you for your message, we will write again on Monday with the dates.')).toBe(
      false,
    );
    expect(hasOwnSignOff('Details below.\nYours is the first message we had about it')).toBe(false);
    // A thank-you at the top is not a closing.
    expect(hasOwnSignOff('Merci Zoé !\nRendez-vous jeudi.')).toBe(false);
  });
});

describe('the other enquiry emails', () => {
  const enquiry = {
    id: '6f1c8a52-1d0e-4a4e-9d8f-2f2b7f0c1a33',
    name: 'Ada',
    email: 'ada@example.org',
    message: 'Hello',
    locale: 'en',
    createdAt: new Date('2026-07-01T13:05:00Z'),
  };

  it('links the forward to the enquiry’s back-office page', () => {
    const url = `https://lrjn.example/admin/enquiries/${enquiry.id}`;
    const msg = buildEnquiryEmail(enquiry, { to: 'team@example.org', siteName: 'T', backOfficeUrl: url });
    expect(msg.text).toContain(`Open it in the back office: ${url}`);
  });

  it('acknowledges without copying the name or message the sender typed', () => {
    const msg = buildAcknowledgementEmail(
      { to: 'ada@example.org', replyTo: 'team@example.org' },
      { subject: 'We have received it', greeting: 'Hello,', body: 'Thanks.', signOff: 'Bye' },
    );
    expect(msg).toEqual({
      to: 'ada@example.org',
      replyTo: 'team@example.org',
      subject: 'We have received it',
      text: 'Hello,\n\nThanks.\n\nBye\n',
    });
  });

  it('tells staff about an enquiry with its link, on one line', () => {
    const msg = buildStaffNoticeEmail(
      { to: 'sam@example.org', url: 'https://x/admin/enquiries/1' },
      { subject: 'Assigned:\r\nBcc: x', body: 'Line\nbreak', open: 'Open it:' },
    );
    expect(msg.subject).toBe('Assigned: Bcc: x');
    expect(msg.text).toBe('Line break\n\nOpen it: https://x/admin/enquiries/1\n');
  });
});

describe('the enquiry’s signed reply address', () => {
  const key = 'k'.repeat(32);
  const id = '6f1c8a52-1d0e-4a4e-9d8f-2f2b7f0c1a33';

  it('plus-addresses the inbound address with the id and a signature, and reads it back', () => {
    const address = replyAddress(id, 'Reply@mg.example.org', key);
    expect(address).toMatch(/^reply\+6f1c8a521d0e4a4e9d8f2f2b7f0c1a33-[0-9a-f]{16}@mg\.example\.org$/);
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(enquiryIdOfRecipient(address, 'reply@mg.example.org', key)).toBe(id);
    expect(
      enquiryIdOfRecipient(`other@x.org, "Team" <${address.toUpperCase()}>`, 'reply@mg.example.org', key),
    ).toBe(id);
  });

  it('names nothing for another key, domain, local part or a tampered id', () => {
    const address = replyAddress(id, 'reply@mg.example.org', key);
    expect(enquiryIdOfRecipient(address, 'reply@mg.example.org', 'z'.repeat(32))).toBeNull();
    expect(
      enquiryIdOfRecipient(address.replace('mg.example.org', 'evil.org'), 'reply@mg.example.org', key),
    ).toBeNull();
    expect(enquiryIdOfRecipient(address.replace('reply+', 'other+'), 'reply@mg.example.org', key)).toBeNull();
    expect(enquiryIdOfRecipient(address.replace('+6f', '+7f'), 'reply@mg.example.org', key)).toBeNull();
    expect(enquiryIdOfRecipient('reply@mg.example.org', 'reply@mg.example.org', key)).toBeNull();
  });
});
