import { describe, expect, it } from 'vitest';

import { mailchimpDataCenter, mailingConfigFromEnv } from '@/lib/mailing/config';
import { newsletterContact, volunteerContact } from '@/lib/mailing/contacts';
import { safeCode } from '@/lib/mailing/http';
import { airtableRecordBody } from '@/lib/mailing/providers/airtable';
import { brevoContactBody } from '@/lib/mailing/providers/brevo';
import { hubspotContactBody } from '@/lib/mailing/providers/hubspot';
import { mailchimpMemberBody, mailchimpSubscriberHash } from '@/lib/mailing/providers/mailchimp';

describe('newsletterContact', () => {
  it('defaults to tags newsletter, website and source website', () => {
    expect(newsletterContact(' someone@example.org ')).toEqual({
      email: 'someone@example.org',
      source: 'website',
      tags: ['newsletter', 'website'],
    });
  });

  it('keeps the given name, tags (without blanks or repeats), merge fields and source', () => {
    expect(
      newsletterContact('a@example.org', {
        firstName: ' Ada ',
        lastName: '',
        tags: ['events', ' events', ' '],
        mergeFields: { ROLE: 'Trustee', EMPTY: ' ' },
        source: 'api',
      }),
    ).toEqual({
      email: 'a@example.org',
      firstName: 'Ada',
      source: 'api',
      tags: ['events'],
      customFields: { ROLE: 'Trustee' },
    });
  });
});

describe('volunteerContact (docs/SPEC-NOTES.md §3 mapping)', () => {
  const base = {
    fullName: '  Amara   Okafor Smith ',
    email: 'amara@example.org',
    phone: '+44 7700 900123',
    membershipType: 'organization',
    organization: 'Leeds Community Trust',
    interests: ['climate-justice', 'events'],
    availability: ['weekends', 'evenings'],
    experience: 'intermediate',
    skills: ['design', 'writing'],
    country: 'United Kingdom',
    city: 'Leeds',
  };

  it('splits the name at the first word and maps the custom fields', () => {
    expect(volunteerContact(base)).toEqual({
      email: 'amara@example.org',
      firstName: 'Amara',
      lastName: 'Okafor Smith',
      phone: '+44 7700 900123',
      company: 'Leeds Community Trust',
      source: 'volunteer-registration',
      tags: ['volunteer', 'website', 'network-member'],
      customFields: {
        MEMBERSHIP_TYPE: 'organization',
        ORGANIZATION: 'Leeds Community Trust',
        INTERESTS: 'climate-justice, events',
        AVAILABILITY: 'weekends, evenings',
        EXPERIENCE: 'intermediate',
        SKILLS: 'design, writing',
        COUNTRY: 'United Kingdom',
        CITY: 'Leeds',
        VOLUNTEER_TYPE: 'network-member',
      },
    });
  });

  it('leaves out the last name of a one-word name and empty fields', () => {
    const contact = volunteerContact({
      ...base,
      fullName: 'Cher',
      organization: null,
      skills: [],
      membershipType: 'individual',
    });
    expect(contact.firstName).toBe('Cher');
    expect(contact).not.toHaveProperty('lastName');
    expect(contact).not.toHaveProperty('company');
    expect(contact.customFields).not.toHaveProperty('ORGANIZATION');
    expect(contact.customFields).not.toHaveProperty('SKILLS');
    expect(contact.customFields?.MEMBERSHIP_TYPE).toBe('individual');
  });
});

describe('provider request bodies', () => {
  it('keys Mailchimp members by the MD5 of the lower-cased, trimmed email', () => {
    // md5("urist.mcvankab@freddiesjokes.com"): the example of Mailchimp's documentation.
    expect(mailchimpSubscriberHash('Urist.McVankab@FreddiesJokes.com ')).toBe(
      '62eeb292278cc15f5817cb78f7790b08',
    );
  });

  it('sends only non-empty merge fields, and custom fields only when they can be Mailchimp merge tags', () => {
    const body = mailchimpMemberBody({
      email: 'a@example.org',
      firstName: 'Ada',
      source: 'website',
      tags: [],
      customFields: { ROLE: 'Trustee', MEMBERSHIP_TYPE: 'individual', lower: 'x' },
    });
    expect(body).toEqual({
      email_address: 'a@example.org',
      // A new member is pending (Mailchimp asks them to confirm); an existing member's status is never set.
      status_if_new: 'pending',
      merge_fields: { ROLE: 'Trustee', FNAME: 'Ada', SOURCE: 'website' },
    });
    expect(body).not.toHaveProperty('status');
  });

  it('lets the standard Brevo attributes win over custom fields of the same name; lists only when set', () => {
    const body = brevoContactBody(
      { provider: 'brevo', apiKey: 'k', listIds: [], apiUrl: 'http://x' },
      {
        email: 'a@example.org',
        firstName: 'Ada',
        source: 'api',
        tags: ['t'],
        customFields: { FIRSTNAME: 'Eve', ROLE: 'r' },
      },
    );
    expect(body).toEqual({
      email: 'a@example.org',
      attributes: { FIRSTNAME: 'Ada', ROLE: 'r', SOURCE: 'api' },
      updateEnabled: true,
    });
  });

  it('sends HubSpot only its default properties and Airtable the spec fields', () => {
    const record = {
      email: 'a@example.org',
      lastName: 'Lovelace',
      source: 'api',
      tags: ['newsletter', 'website'],
      customFields: { X: 'y' },
    };
    expect(hubspotContactBody(record)).toEqual({
      properties: { email: 'a@example.org', lastname: 'Lovelace' },
    });
    expect(airtableRecordBody(record, new Date('2026-03-01T12:00:00Z'))).toEqual({
      records: [
        {
          fields: {
            Email: 'a@example.org',
            'Last Name': 'Lovelace',
            Source: 'api',
            Tags: 'newsletter, website',
            'Created Date': '2026-03-01T12:00:00.000Z',
          },
        },
      ],
      typecast: true,
    });
  });

  it('keeps only a short code from provider error bodies', () => {
    expect(safeCode('duplicate_parameter')).toBe('duplicate_parameter');
    expect(safeCode('<script>alert(1)</script>')).toBe('scriptalert1script');
    expect(safeCode({ nested: true })).toBeUndefined();
    expect(safeCode('x'.repeat(200))).toHaveLength(60);
  });
});

describe('mailingConfigFromEnv', () => {
  it('is database only without MAILING_PROVIDER', () => {
    expect(mailingConfigFromEnv({ MAILCHIMP_API_KEY: 'k-us1' })).toEqual({ provider: null, config: null });
  });

  it('derives the Mailchimp API root from the key, unless MAILCHIMP_API_URL overrides it', () => {
    expect(mailchimpDataCenter('0123abcd-us21')).toBe('us21');
    expect(mailchimpDataCenter('nodatacentre')).toBeNull();
    expect(mailchimpDataCenter('k-evil.example.com/')).toBeNull();
    expect(
      mailingConfigFromEnv({
        MAILING_PROVIDER: 'mailchimp',
        MAILCHIMP_API_KEY: 'abc-us21',
        MAILCHIMP_LIST_ID: 'L1',
      }).config,
    ).toEqual({
      provider: 'mailchimp',
      apiKey: 'abc-us21',
      listId: 'L1',
      apiUrl: 'https://us21.api.mailchimp.com/3.0',
    });
    expect(
      mailingConfigFromEnv({
        MAILING_PROVIDER: 'mailchimp',
        MAILCHIMP_API_KEY: 'abc',
        MAILCHIMP_LIST_ID: 'L1',
        MAILCHIMP_API_URL: 'http://127.0.0.1:9999/3.0/',
      }).config,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:9999/3.0' });
    expect(
      mailingConfigFromEnv({
        MAILING_PROVIDER: 'mailchimp',
        MAILCHIMP_API_KEY: 'abc',
        MAILCHIMP_LIST_ID: 'L1',
      }),
    ).toMatchObject({
      provider: 'mailchimp',
      config: null,
      problem: expect.stringMatching(/does not end in a data centre/),
    });
  });

  it('names every missing variable, never a value', () => {
    expect(mailingConfigFromEnv({ MAILING_PROVIDER: 'airtable', AIRTABLE_API_KEY: 'secret-value' })).toEqual({
      provider: 'airtable',
      config: null,
      problem: 'MAILING_PROVIDER is airtable but AIRTABLE_BASE_ID, AIRTABLE_TABLE_ID are not set',
    });
    expect(mailingConfigFromEnv({ MAILING_PROVIDER: 'hubspot' })).toMatchObject({
      problem: 'MAILING_PROVIDER is hubspot but HUBSPOT_ACCESS_TOKEN is not set',
    });
  });

  it('parses Brevo list ids and applies the default API roots', () => {
    expect(
      mailingConfigFromEnv({ MAILING_PROVIDER: 'brevo', BREVO_API_KEY: 'k', BREVO_LIST_IDS: '2, 7' }).config,
    ).toEqual({
      provider: 'brevo',
      apiKey: 'k',
      listIds: [2, 7],
      apiUrl: 'https://api.brevo.com/v3',
    });
    expect(
      mailingConfigFromEnv({ MAILING_PROVIDER: 'hubspot', HUBSPOT_ACCESS_TOKEN: 't' }).config,
    ).toMatchObject({
      apiUrl: 'https://api.hubapi.com',
    });
    expect(
      mailingConfigFromEnv({
        MAILING_PROVIDER: 'airtable',
        AIRTABLE_API_KEY: 'k',
        AIRTABLE_BASE_ID: 'b',
        AIRTABLE_TABLE_ID: 't',
      }).config,
    ).toMatchObject({ apiUrl: 'https://api.airtable.com/v0' });
  });
});
