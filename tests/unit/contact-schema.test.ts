import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { CONTACT_FIELDS, CONTACT_LIMITS, contactSchema, forwardSchema } from '@/lib/enquiries/schema';

/** Field → message key of the first issue, as the server wrapper and the browser resolver see them. */
function keys(input: unknown): Record<string, string> {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_form');
    out[field] ??= issue.message;
  }
  return out;
}

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'Hello, I would like to volunteer.',
};

describe('contact schema (docs/SPEC-NOTES.md §5 Contact form)', () => {
  it('accepts a valid enquiry, trimmed, and drops unknown keys', () => {
    const parsed = contactSchema.parse({ ...valid, name: '  Ada Lovelace ', isAdmin: true });
    expect(parsed).toEqual(valid);
  });

  it('gives the three message keys for an empty form', () => {
    expect(keys({ name: '', email: '', message: '' })).toEqual({
      name: 'nameMin',
      email: 'emailInvalid',
      message: 'messageMin',
    });
    expect(keys({})).toEqual({ name: 'nameMin', email: 'emailInvalid', message: 'messageMin' });
  });

  it('applies the minimum lengths after trimming (2 and 10 characters)', () => {
    expect(keys({ ...valid, name: ' A ' })).toEqual({ name: 'nameMin' });
    expect(keys({ ...valid, name: 'Al' })).toEqual({});
    expect(keys({ ...valid, message: '  123456789  ' })).toEqual({ message: 'messageMin' });
    expect(keys({ ...valid, message: '1234567890' })).toEqual({});
  });

  it('rejects invalid addresses', () => {
    for (const email of ['ada', 'ada@', '@example.org', 'ada example@x.org', 'ada@example', 42, null])
      expect(keys({ ...valid, email })).toEqual({ email: 'emailInvalid' });
  });

  it('has maxima with their own keys (name 200, email 254, message 5000)', () => {
    expect(CONTACT_LIMITS).toMatchObject({ nameMax: 200, emailMax: 254, messageMax: 5000 });
    expect(keys({ ...valid, name: 'a'.repeat(200) })).toEqual({});
    expect(keys({ ...valid, name: 'a'.repeat(201) })).toEqual({ name: 'nameMax' });
    expect(keys({ ...valid, email: `${'a'.repeat(250)}@example.org` })).toEqual({ email: 'emailMax' });
    expect(keys({ ...valid, message: 'm'.repeat(5000) })).toEqual({});
    expect(keys({ ...valid, message: 'm'.repeat(5001) })).toEqual({ message: 'messageMax' });
  });

  it('rejects wrong types with the field keys', () => {
    expect(keys({ name: 12, email: ['a@b.org'], message: { text: 'hello there' } })).toEqual({
      name: 'nameMin',
      email: 'emailInvalid',
      message: 'messageMin',
    });
  });

  it('keeps markup and SQL-looking text verbatim (it is data, never interpreted)', () => {
    const message = "<script>alert(1)</script>'; DROP TABLE enquiries; --";
    expect(contactSchema.parse({ ...valid, message }).message).toBe(message);
  });

  it('forward step takes a UUID only', () => {
    expect(forwardSchema.safeParse({ enquiryId: '6f1c8a52-1d0e-4a4e-9d8f-2f2b7f0c1a33' }).success).toBe(true);
    for (const enquiryId of ['1', "1' or '1'='1", '', null, 7])
      expect(forwardSchema.safeParse({ enquiryId }).success).toBe(false);
  });

  it('every key is translated in en, es, fr and pt, and the English texts are the spec’s', () => {
    const fieldKeys = ['nameMin', 'nameMax', 'emailInvalid', 'emailMax', 'messageMin', 'messageMax'];
    for (const locale of ['en', 'es', 'fr', 'pt']) {
      const messages = JSON.parse(
        readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8'),
      ) as { ContactForm: Record<string, string> };
      for (const key of fieldKeys) expect(messages.ContactForm[key], `${locale}.${key}`).toBeTruthy();
      if (locale === 'en') {
        expect(messages.ContactForm).toMatchObject({
          nameMin: 'Name must be at least 2 characters.',
          emailInvalid: 'Please enter a valid email address.',
          messageMin: 'Message must be at least 10 characters.',
          saving: 'Saving your message...',
          saved: 'Your message has been saved to our database.',
          forwarding: 'Forwarding your message to our team...',
          success: "Thank you for your message! We'll get back to you soon.",
          saveFailed: 'Failed to save your message. Please try again.',
          sending: 'Sending...',
          unexpected: 'Failed to send message. Please try again later or contact us directly at {email}',
        });
      } else {
        expect(messages.ContactForm.nameMin).not.toBe('Name must be at least 2 characters.');
      }
    }
    expect(CONTACT_FIELDS).toEqual(['name', 'email', 'message']);
  });
});
