import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/lib/config/env';

/** The inbox's settings (issue 34): the acknowledgement switch and inbound mail, validated at start-up. */
describe('parseEnv: the inbox’s acknowledgement and inbound mail', () => {
  const key = 'key-0123456789abcdef';

  it('takes the acknowledgement switch and inbound mail with both of its settings', () => {
    expect(parseEnv({}).ENQUIRY_ACKNOWLEDGEMENT).toBeUndefined();
    expect(parseEnv({ ENQUIRY_ACKNOWLEDGEMENT: '1' }).ENQUIRY_ACKNOWLEDGEMENT).toBe('1');
    const e = parseEnv({ INBOUND_MAIL_ADDRESS: 'reply@mg.example.org', MAILGUN_WEBHOOK_SIGNING_KEY: key });
    expect([e.INBOUND_MAIL_ADDRESS, e.MAILGUN_WEBHOOK_SIGNING_KEY]).toEqual(['reply@mg.example.org', key]);
  });

  it('refuses one inbound setting without the other, a plus-address, a short key and a bad switch', () => {
    const message = (source: Record<string, string>) => {
      try {
        parseEnv(source);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message({ INBOUND_MAIL_ADDRESS: 'reply@mg.example.org' })).toContain(
      'inbound mail needs both INBOUND_MAIL_ADDRESS and MAILGUN_WEBHOOK_SIGNING_KEY',
    );
    expect(message({ MAILGUN_WEBHOOK_SIGNING_KEY: key })).toContain('INBOUND_MAIL_ADDRESS');
    expect(
      message({ INBOUND_MAIL_ADDRESS: 'reply+x@mg.example.org', MAILGUN_WEBHOOK_SIGNING_KEY: key }),
    ).toContain('INBOUND_MAIL_ADDRESS: must be a plain address');
    expect(
      message({ INBOUND_MAIL_ADDRESS: 'reply@mg.example.org', MAILGUN_WEBHOOK_SIGNING_KEY: 'short' }),
    ).toContain('MAILGUN_WEBHOOK_SIGNING_KEY');
    expect(message({ ENQUIRY_ACKNOWLEDGEMENT: 'yes' })).toContain('ENQUIRY_ACKNOWLEDGEMENT: must be 0 or 1');
  });
});
