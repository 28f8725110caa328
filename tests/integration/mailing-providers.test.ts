import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '@/lib/db/client';
import { findNewsletterSubscriber, insertVolunteer } from '@/lib/db';
import * as schema from '@/lib/db/schema';
import {
  type AirtableConfig,
  type BrevoConfig,
  type HubspotConfig,
  type MailchimpConfig,
  type MailingConfig,
  CONFIRM_RESEND_SECONDS,
  checkConfirmToken,
  checkMailingConnection,
  checkUnsubscribeToken,
  confirmNewsletter,
  newsletterLinkKey,
  unsubscribeNewsletter,
  newsletterContact,
  runMailingJob,
  subscribeNewsletter,
  syncContact,
  unsubscribeContact,
  volunteerContact,
} from '@/lib/mailing';
import { siteConfig } from '@/lib/config/site';
import type { EmailMessage } from '@/lib/mailing/transport/message';
import { handleSubscribeRequest } from '@/lib/mailing/subscribe-api';
import { handleOneClickUnsubscribe, oneClickLanding } from '@/lib/mailing/unsubscribe-api';

import {
  startAirtableServer,
  startBrevoServer,
  startHubspotServer,
  startMailchimpServer,
} from '../helpers/mailing-servers';
import { testEngines } from '../helpers/test-engines';

/**
 * The production adapters of lib/mailing against local servers that speak each provider's documented API
 * (tests/helpers/mailing-servers.ts), and the save-first newsletter signup on a real database (PGlite in memory;
 * also PostgreSQL when TEST_DATABASE_URL is set).
 */

const md5 = (value: string) => createHash('md5').update(value).digest('hex');

const volunteer = {
  fullName: 'Amara Okafor Smith',
  email: 'Amara@Example.org',
  phone: '+447700900123',
  membershipType: 'organization',
  organization: 'Leeds Community Trust',
  interests: ['climate-justice', 'events'],
  availability: ['weekends', 'evenings'],
  experience: 'intermediate',
  skills: ['design'],
  country: 'United Kingdom',
  city: 'Leeds',
};

describe('Mailchimp adapter', () => {
  const apiKey = 'a1b2c3d4e5f6-us21';
  let server: Awaited<ReturnType<typeof startMailchimpServer>>;
  let config: MailchimpConfig;
  beforeAll(async () => {
    server = await startMailchimpServer({ apiKey, listId: 'list123', listName: 'Newsletter' });
    config = { provider: 'mailchimp', apiKey, listId: 'list123', apiUrl: server.url };
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.recover();
  });

  it('PUTs the member at the MD5 of the lower-cased email with Basic auth, then activates its tags', async () => {
    const outcome = await syncContact(
      newsletterContact(' Jo.Bloggs@Example.ORG ', { firstName: 'Jo', tags: ['newsletter', 'website'] }),
      { config },
    );
    expect(outcome).toEqual({ ok: true });
    const hash = md5('jo.bloggs@example.org');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /3.0/lists/list123/members/${hash}`,
      `POST /3.0/lists/list123/members/${hash}/tags`,
    ]);
    const [put, tags] = server.requests;
    expect(put!.headers.authorization).toBe(`Basic ${Buffer.from(`anystring:${apiKey}`).toString('base64')}`);
    expect(put!.headers['content-type']).toBe('application/json');
    expect(put!.body).toEqual({
      email_address: 'Jo.Bloggs@Example.ORG',
      status_if_new: 'pending',
      merge_fields: { FNAME: 'Jo', SOURCE: 'website' },
      tags: ['newsletter', 'website'],
    });
    expect(tags!.body).toEqual({
      tags: [
        { name: 'newsletter', status: 'active' },
        { name: 'website', status: 'active' },
      ],
    });
    expect(server.members.get(hash)).toMatchObject({ status: 'pending', tags: ['newsletter', 'website'] });
  });

  it('never re-subscribes an existing member who unsubscribed (no forced status in the PUT)', async () => {
    const hash = md5('left@example.org');
    server.members.set(hash, {
      email_address: 'left@example.org',
      status: 'unsubscribed',
      merge_fields: {},
      tags: [],
    });
    expect(await syncContact(newsletterContact('left@example.org', { firstName: 'Lu' }), { config })).toEqual(
      {
        ok: true,
      },
    );
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put!.body).not.toHaveProperty('status');
    expect(put!.body).toMatchObject({ status_if_new: 'pending' });
    expect(server.members.get(hash)?.status).toBe('unsubscribed');
  });

  it('unsubscribes a member with a PATCH; a member Mailchimp does not have counts as done', async () => {
    await syncContact(newsletterContact('bye@example.org'), { config });
    server.requests.length = 0;
    expect(await unsubscribeContact('Bye@Example.org', { config })).toEqual({ ok: true });
    const hash = md5('bye@example.org');
    expect(server.requests.map((r) => [`${r.method} ${r.path}`, r.body])).toEqual([
      [`PATCH /3.0/lists/list123/members/${hash}`, { status: 'unsubscribed' }],
    ]);
    expect(server.members.get(hash)?.status).toBe('unsubscribed');
    expect(await unsubscribeContact('nobody@example.org', { config })).toEqual({ ok: true });
    server.failNext(503, 1);
    expect(await unsubscribeContact('bye@example.org', { config })).toEqual({
      ok: false,
      error: 'mailchimp: HTTP 503 Internal Server Error (unsubscribe)',
    });
  });

  it('adds new tags to an existing member through the tags endpoint (a PUT ignores them)', async () => {
    await syncContact(volunteerContact(volunteer), { config });
    const hash = md5('amara@example.org');
    expect(server.members.get(hash)?.merge_fields).toEqual({
      FNAME: 'Amara',
      LNAME: 'Okafor Smith',
      PHONE: '+447700900123',
      COMPANY: 'Leeds Community Trust',
      SOURCE: 'volunteer-registration',
      COUNTRY: 'United Kingdom',
      CITY: 'Leeds',
      EXPERIENCE: 'intermediate',
      SKILLS: 'design',
      INTERESTS: 'climate-justice, events',
    });
    await syncContact(newsletterContact('amara@example.org', { tags: ['newsletter'] }), { config });
    expect(server.members.get(hash)?.tags).toEqual(['volunteer', 'website', 'network-member', 'newsletter']);
  });

  it('reports a refused key, a server outage and a rate limit as storable failures without the key', async () => {
    const bad = await syncContact(newsletterContact('x@example.org'), {
      config: { ...config, apiKey: 'wrong-us21' },
    });
    expect(bad).toEqual({ ok: false, error: 'mailchimp: HTTP 401 API Key Invalid' });
    server.failNext(503, 1);
    expect(await syncContact(newsletterContact('x@example.org'), { config })).toEqual({
      ok: false,
      error: 'mailchimp: HTTP 503 Internal Server Error',
    });
    server.failNext(429, 1);
    const limited = await syncContact(newsletterContact('x@example.org'), { config });
    expect(limited).toEqual({ ok: false, error: 'mailchimp: HTTP 429 Too Many Requests' });
    expect(JSON.stringify([bad, limited])).not.toContain('a1b2c3');
  });

  it('tests the connection: ok, wrong key, wrong audience', async () => {
    expect(await checkMailingConnection({ config })).toEqual({
      provider: 'mailchimp',
      ok: true,
      message: 'Mailchimp audience "Newsletter" (list123) is reachable',
    });
    expect(server.requests.at(-1)?.path).toBe('/3.0/lists/list123?fields=id,name');
    const key = await checkMailingConnection({ config: { ...config, apiKey: 'nope-us21' } });
    expect(key.ok).toBe(false);
    expect(key.message).toMatch(/refused the API key \(HTTP 401 API Key Invalid\).*MAILCHIMP_API_KEY/);
    const list = await checkMailingConnection({ config: { ...config, listId: 'other' } });
    expect(list).toMatchObject({ ok: false });
    expect(list.message).toMatch(/no audience with id other \(HTTP 404\).*MAILCHIMP_LIST_ID/);
  });
});

describe('Brevo adapter', () => {
  const apiKey = 'xkeysib-test';
  let server: Awaited<ReturnType<typeof startBrevoServer>>;
  let config: BrevoConfig;
  beforeAll(async () => {
    server = await startBrevoServer({ apiKey, listIds: [2, 7] });
    config = { provider: 'brevo', apiKey, listIds: [2, 7], apiUrl: server.url };
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('POSTs the contact with the api-key header, attributes, lists and updateEnabled', async () => {
    expect(await syncContact(volunteerContact(volunteer), { config })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(`${req!.method} ${req!.path}`).toBe('POST /v3/contacts');
    expect(req!.headers['api-key']).toBe(apiKey);
    expect(req!.headers.authorization).toBeUndefined();
    expect(req!.body).toEqual({
      email: 'Amara@Example.org',
      attributes: {
        FIRSTNAME: 'Amara',
        LASTNAME: 'Okafor Smith',
        SMS: '+447700900123',
        COMPANY: 'Leeds Community Trust',
        SOURCE: 'volunteer-registration',
        MEMBERSHIP_TYPE: 'organization',
        ORGANIZATION: 'Leeds Community Trust',
        INTERESTS: 'climate-justice, events',
        AVAILABILITY: 'weekends, evenings',
        EXPERIENCE: 'intermediate',
        SKILLS: 'design',
        COUNTRY: 'United Kingdom',
        CITY: 'Leeds',
        VOLUNTEER_TYPE: 'network-member',
      },
      listIds: [2, 7],
      updateEnabled: true,
    });
  });

  it('counts a second signup (204) and a 400 duplicate_parameter as success, other 400s as failures', async () => {
    expect(await syncContact(newsletterContact('amara@example.org'), { config })).toEqual({ ok: true });
    const twin = { ...volunteer, email: 'other@example.org' };
    expect(await syncContact(volunteerContact(twin), { config })).toEqual({ ok: true });
    expect(server.requests.map((r) => r.path)).toEqual(['/v3/contacts', '/v3/contacts']);
    const wrongList = await syncContact(newsletterContact('n@example.org'), {
      config: { ...config, listIds: [99] },
    });
    expect(wrongList).toEqual({ ok: false, error: 'brevo: HTTP 404 document_not_found' });
  });

  it('a sync never lifts a blocklist (no forced re-subscribe); unsubscribing blocklists the contact', async () => {
    await syncContact(newsletterContact('block@example.org'), { config });
    server.requests.length = 0;
    expect(await unsubscribeContact('Block@example.org', { config })).toEqual({ ok: true });
    expect(server.requests.map((r) => [`${r.method} ${r.path}`, r.body])).toEqual([
      ['PUT /v3/contacts/Block%40example.org', { emailBlacklisted: true }],
    ]);
    expect(server.contacts.get('block@example.org')?.emailBlacklisted).toBe(true);
    await syncContact(newsletterContact('block@example.org', { firstName: 'B' }), { config });
    expect(server.requests.at(-1)!.body).not.toHaveProperty('emailBlacklisted');
    expect(server.contacts.get('block@example.org')?.emailBlacklisted).toBe(true);
    expect(await unsubscribeContact('unknown@example.org', { config })).toEqual({ ok: true });
  });

  it('tests the connection: account and each list; wrong key; unknown list', async () => {
    const ok = await checkMailingConnection({ config });
    expect(ok).toEqual({
      provider: 'brevo',
      ok: true,
      message: 'Brevo account "Test Charity" is reachable; contacts go to lists 2, 7',
    });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v3/account',
      'GET /v3/contacts/lists/2',
      'GET /v3/contacts/lists/7',
    ]);
    const key = await checkMailingConnection({ config: { ...config, apiKey: 'bad' } });
    expect(key.message).toMatch(/refused the API key \(HTTP 401 unauthorized\).*BREVO_API_KEY/);
    const list = await checkMailingConnection({ config: { ...config, listIds: [2, 5] } });
    expect(list).toEqual({
      provider: 'brevo',
      ok: false,
      message: 'Brevo has no contact list 5 (HTTP 404): check BREVO_LIST_IDS',
    });
  });
});

describe('HubSpot adapter', () => {
  const accessToken = 'pat-eu1-test';
  let server: Awaited<ReturnType<typeof startHubspotServer>>;
  let config: HubspotConfig;
  beforeAll(async () => {
    server = await startHubspotServer({ accessToken });
    config = { provider: 'hubspot', accessToken, apiUrl: server.url };
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('POSTs the default contact properties with the Bearer token; a 409 CONFLICT is success', async () => {
    expect(await syncContact(volunteerContact(volunteer), { config })).toEqual({ ok: true });
    const [req] = server.requests;
    expect(`${req!.method} ${req!.path}`).toBe('POST /crm/v3/objects/contacts');
    expect(req!.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(req!.body).toEqual({
      properties: {
        email: 'Amara@Example.org',
        firstname: 'Amara',
        lastname: 'Okafor Smith',
        phone: '+447700900123',
        company: 'Leeds Community Trust',
      },
    });
    expect(await syncContact(newsletterContact('AMARA@example.org'), { config })).toEqual({ ok: true });
    expect(server.contacts.size).toBe(1);
  });

  it('creates contacts without any subscription status; unsubscribing opts the address out of all email', async () => {
    await syncContact(newsletterContact('out@example.org'), { config });
    expect(JSON.stringify(server.requests.map((r) => r.body))).not.toMatch(/subscri|status/i);
    server.requests.length = 0;
    expect(await unsubscribeContact('Out@example.org', { config })).toEqual({ ok: true });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /communication-preferences/v4/statuses/Out%40example.org/unsubscribe-all?channel=EMAIL',
    ]);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(server.optedOut.has('out@example.org')).toBe(true);
  });

  it('fails on a bad token and on an outage; tests the connection and the scopes', async () => {
    expect(
      await syncContact(newsletterContact('a@example.org'), { config: { ...config, accessToken: 'x' } }),
    ).toEqual({
      ok: false,
      error: 'hubspot: HTTP 401 INVALID_AUTHENTICATION',
    });
    server.failNext(502, 1);
    expect(await syncContact(newsletterContact('a@example.org'), { config })).toEqual({
      ok: false,
      error: 'hubspot: HTTP 502 INTERNAL_ERROR',
    });
    expect(await checkMailingConnection({ config })).toMatchObject({ provider: 'hubspot', ok: true });
    expect(server.requests.at(-1)?.path).toBe('/crm/v3/objects/contacts?limit=1');
    const noScope = await startHubspotServer({ accessToken, scopes: false });
    try {
      const check = await checkMailingConnection({ config: { ...config, apiUrl: noScope.url } });
      expect(check.ok).toBe(false);
      expect(check.message).toMatch(/HTTP 403 MISSING_SCOPES.*crm\.objects\.contacts\.write/);
    } finally {
      await noScope.close();
    }
  });
});

describe('Airtable adapter', () => {
  const apiKey = 'patTEST.secret';
  let server: Awaited<ReturnType<typeof startAirtableServer>>;
  let config: AirtableConfig;
  beforeAll(async () => {
    server = await startAirtableServer({ apiKey, baseId: 'appBASE', tableId: 'tblContacts' });
    config = { provider: 'airtable', apiKey, baseId: 'appBASE', tableId: 'tblContacts', apiUrl: server.url };
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('POSTs one record with the spec fields and typecast, with the Bearer token', async () => {
    const before = Date.now();
    expect(await syncContact(volunteerContact(volunteer), { config })).toEqual({ ok: true });
    const [req] = server.requests;
    expect(`${req!.method} ${req!.path}`).toBe('POST /v0/appBASE/tblContacts');
    expect(req!.headers.authorization).toBe(`Bearer ${apiKey}`);
    const body = req!.body as { records: { fields: Record<string, string> }[]; typecast: boolean };
    expect(body.typecast).toBe(true);
    expect(body.records).toHaveLength(1);
    const { 'Created Date': created, ...fields } = body.records[0]!.fields;
    expect(fields).toEqual({
      Email: 'Amara@Example.org',
      'First Name': 'Amara',
      'Last Name': 'Okafor Smith',
      Phone: '+447700900123',
      Company: 'Leeds Community Trust',
      Source: 'volunteer-registration',
      Tags: 'volunteer, website, network-member',
    });
    expect(Date.parse(created!)).toBeGreaterThanOrEqual(before - 1000);
    expect(server.records).toHaveLength(1);
  });

  it("adds records without any status; unsubscribing deletes the address's records (any case) only", async () => {
    await syncContact(newsletterContact('Gone"Quote@example.org'), { config });
    await syncContact(newsletterContact('gone"quote@EXAMPLE.org'), { config });
    await syncContact(newsletterContact('stay@example.org'), { config });
    const before = server.records.length;
    server.requests.length = 0;
    expect(await unsubscribeContact('GONE"quote@example.org', { config })).toEqual({ ok: true });
    const [find, remove] = server.requests;
    expect(find!.method).toBe('GET');
    expect(new URL(find!.path, 'http://x').searchParams.get('filterByFormula')).toBe(
      'LOWER({Email}) = "gone\\"quote@example.org"',
    );
    expect(remove!.method).toBe('DELETE');
    expect(server.records).toHaveLength(before - 2);
    expect(server.records.map((r) => r.fields.Email)).toContain('stay@example.org');
    server.requests.length = 0;
    expect(await unsubscribeContact('none@example.org', { config })).toEqual({ ok: true });
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('fails for an unknown table or a bad token; the connection test says which', async () => {
    const wrongTable = { ...config, tableId: 'tblNope' };
    expect(await syncContact(newsletterContact('a@example.org'), { config: wrongTable })).toEqual({
      ok: false,
      error: 'airtable: HTTP 403 INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND',
    });
    const table = await checkMailingConnection({ config: wrongTable });
    expect(table.ok).toBe(false);
    expect(table.message).toMatch(/could not find table tblNope in base appBASE.*AIRTABLE_TABLE_ID/);
    expect(server.requests.at(-1)?.path).toBe('/v0/appBASE/tblNope?maxRecords=1');
    const key = await checkMailingConnection({ config: { ...config, apiKey: 'bad' } });
    expect(key.message).toMatch(/refused the token \(HTTP 401 AUTHENTICATION_REQUIRED\).*AIRTABLE_API_KEY/);
    expect(await checkMailingConnection({ config })).toMatchObject({ provider: 'airtable', ok: true });
  });
});

describe('transport failures', () => {
  it('times out a provider that does not answer, and reports an unreachable host', async () => {
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    try {
      const config: MailingConfig = {
        provider: 'hubspot',
        accessToken: 't',
        apiUrl: `http://127.0.0.1:${port}`,
      };
      const started = Date.now();
      expect(await syncContact(newsletterContact('a@example.org'), { config, timeoutMs: 300 })).toEqual({
        ok: false,
        error: 'hubspot: timed out after 300 ms',
      });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
    const closed: MailingConfig = {
      provider: 'hubspot',
      accessToken: 't',
      apiUrl: `http://127.0.0.1:${port}`,
    };
    expect(await syncContact(newsletterContact('a@example.org'), { config: closed })).toEqual({
      ok: false,
      error: `hubspot: could not reach 127.0.0.1:${port} (ECONNREFUSED)`,
    });
    const check = await checkMailingConnection({ config: closed });
    expect(check.message).toMatch(
      /could not be reached at 127\.0\.0\.1:\d+ \(ECONNREFUSED\).*HUBSPOT_API_URL/,
    );
  });
});

// -----------------------------------------------------------------------------------------------------------------
// The save-first signup and the outbox jobs on a real database.

const engines = testEngines('lrjn_mailing');

describe.each(engines)('newsletter double opt-in and mailing jobs on $name', (engine) => {
  const apiKey = 'xkeysib-db';
  const linkKey = newsletterLinkKey('integration-test-secret');
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let server: Awaited<ReturnType<typeof startBrevoServer>>;
  let config: BrevoConfig;
  let sent: EmailMessage[];
  const send = async (message: EmailMessage) => {
    sent.push(message);
    return { ok: true } as const;
  };
  /** Options of every flow call: the stand-in provider (or none), the mail collector and the test link key. */
  const opts = (extra: { config?: BrevoConfig | null; now?: number } = {}) => ({
    config,
    send,
    linkKey,
    ...extra,
  });

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
    server = await startBrevoServer({ apiKey, listIds: [3] });
    config = { provider: 'brevo', apiKey, listIds: [3], apiUrl: server.url };
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate "newsletter_subscribers", "outbox", "volunteers"`);
    server.requests.length = 0;
    server.recover();
    sent = [];
  });

  const outboxRows = () => handle.db.select().from(schema.outbox);
  const linkIn = (message: EmailMessage, page: 'confirm' | 'unsubscribe') => {
    const match = new RegExp(`https?://\\S+/newsletter/${page}\\?token=\\S+`).exec(message.text);
    expect(match, `${page} link in the email`).not.toBeNull();
    return new URL(match![0]).searchParams.get('token')!;
  };

  it('a signup is stored pending, mails a confirmation with unsubscribe link and headers, and syncs nothing yet', async () => {
    const result = await subscribeNewsletter(
      handle.db,
      // The site's forms sign up with source 'website' (spec §3) and the form's place in `form`.
      {
        email: ' Sam@Example.org',
        source: 'website',
        form: 'home',
        locale: 'fr',
        firstName: 'Sam',
        tags: ['events'],
      },
      opts(),
    );
    expect(result).toMatchObject({ created: true, confirmation: 'queued' });
    const row = await findNewsletterSubscriber(handle.db, 'sam@example.org');
    expect(row).toMatchObject({
      status: 'pending',
      consentedAt: null,
      locale: 'fr',
      source: 'website',
      form: 'home',
    });
    expect(server.requests).toEqual([]);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail!.to).toBe('sam@example.org');
    expect(mail!.subject).toBe(
      'Confirmez votre inscription à la lettre d’information de ' + siteConfig().name,
    );
    expect(mail!.text).toMatch(/\/fr\/newsletter\/confirm\?token=c\./);
    expect(mail!.text).toMatch(/\/fr\/newsletter\/unsubscribe\?token=u\./);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=u\.[^>]+&locale=fr>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [item] = await outboxRows();
    expect(item).toMatchObject({ kind: 'newsletter.confirm', status: 'sent' });
    // Nothing that works as a link is kept at rest: the outbox holds ids and the signup, the token is signed at send.
    expect(JSON.stringify(item!.payload)).not.toContain(linkIn(mail!, 'confirm'));
    expect(item!.payload).toMatchObject({
      subscriberId: row!.id,
      email: 'sam@example.org',
      tags: ['events'],
    });
  });

  it('only the confirmation makes the row active with a consent time, and then syncs the signup to the provider', async () => {
    await subscribeNewsletter(
      handle.db,
      { email: 'sam@example.org', source: 'home', locale: 'en', firstName: 'Sam', tags: ['events'] },
      opts(),
    );
    const token = linkIn(sent[0]!, 'confirm');
    expect(await checkConfirmToken(handle.db, token, opts())).toBe('confirmed');
    // Checking (the GET page) changes nothing.
    expect(await findNewsletterSubscriber(handle.db, 'sam@example.org')).toMatchObject({ status: 'pending' });
    const before = Date.now();
    expect(await confirmNewsletter(handle.db, token, opts())).toBe('confirmed');
    const row = await findNewsletterSubscriber(handle.db, 'sam@example.org');
    expect(row).toMatchObject({ status: 'active', syncStatus: 'synced' });
    expect(row!.consentedAt!.getTime()).toBeGreaterThanOrEqual(before - 5000);
    expect(server.contacts.get('sam@example.org')).toMatchObject({
      attributes: { FIRSTNAME: 'Sam', SOURCE: 'home' },
      listIds: [3],
    });
    const items = await outboxRows();
    expect(items.map((i) => [i.kind, i.status]).sort()).toEqual([
      ['newsletter.confirm', 'sent'],
      ['newsletter.sync', 'sent'],
    ]);
    // A second press (or a replay) changes nothing: the consent time stays the first one.
    expect(await confirmNewsletter(handle.db, token, opts())).toBe('already-active');
    expect((await findNewsletterSubscriber(handle.db, 'sam@example.org'))!.consentedAt).toEqual(
      row!.consentedAt,
    );
  });

  it('the provider sync is queued for the worker when the provider is down at confirmation', async () => {
    await subscribeNewsletter(handle.db, { email: 'q@example.org', source: 'website', locale: 'en' }, opts());
    server.failNext(503);
    expect(await confirmNewsletter(handle.db, linkIn(sent[0]!, 'confirm'), opts())).toBe('confirmed');
    expect(await findNewsletterSubscriber(handle.db, 'q@example.org')).toMatchObject({
      status: 'active',
      syncStatus: 'failed',
      syncLastError: 'brevo: HTTP 503 internal_error',
    });
    const item = (await outboxRows()).find((i) => i.kind === 'newsletter.sync')!;
    expect(item).toMatchObject({ status: 'pending', lastError: 'brevo: HTTP 503 internal_error' });
    server.recover();
    expect(await runMailingJob(item, { db: handle.db, config })).toEqual({ ok: true });
    expect(await findNewsletterSubscriber(handle.db, 'q@example.org')).toMatchObject({
      syncStatus: 'synced',
    });
  });

  it('refuses tampered, expired and wrong-purpose tokens', async () => {
    await subscribeNewsletter(handle.db, { email: 't@example.org', source: 'website', locale: 'en' }, opts());
    const token = linkIn(sent[0]!, 'confirm');
    const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await confirmNewsletter(handle.db, tampered, opts())).toBe('invalid');
    expect(await confirmNewsletter(handle.db, linkIn(sent[0]!, 'unsubscribe'), opts())).toBe('invalid');
    const other = newsletterLinkKey('another-secret');
    expect(await confirmNewsletter(handle.db, token, { ...opts(), linkKey: other })).toBe('invalid');
    const eightDays = Date.now() + 8 * 24 * 3600 * 1000;
    expect(await confirmNewsletter(handle.db, token, opts({ now: eightDays }))).toBe('expired');
    expect(await findNewsletterSubscriber(handle.db, 't@example.org')).toMatchObject({ status: 'pending' });
  });

  it('a repeat signup mails again at most once per interval; an active address gets no mail and the same answer', async () => {
    const first = await subscribeNewsletter(
      handle.db,
      { email: 'r@example.org', source: 'website', locale: 'en' },
      opts(),
    );
    const again = await subscribeNewsletter(
      handle.db,
      { email: 'R@example.org', source: 'website', locale: 'es' },
      opts(),
    );
    expect(again).toMatchObject({ created: false, confirmation: 'throttled', subscriber: { locale: 'es' } });
    expect(sent).toHaveLength(1);
    expect(CONFIRM_RESEND_SECONDS.pending).toBeGreaterThanOrEqual(600);
    // Once the interval has passed, a new confirmation may go out.
    await handle.db.execute(sql`update outbox set created_at = now() - interval '1 hour'`);
    expect(
      await subscribeNewsletter(
        handle.db,
        { email: 'r@example.org', source: 'website', locale: 'es' },
        opts(),
      ),
    ).toMatchObject({ confirmation: 'queued' });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toMatch(/^Confirma tu suscripción/);

    await confirmNewsletter(handle.db, linkIn(sent[1]!, 'confirm'), opts());
    sent = [];
    const active = await subscribeNewsletter(
      handle.db,
      { email: 'r@example.org', source: 'website', locale: 'en' },
      opts(),
    );
    expect(active).toMatchObject({ created: false, confirmation: 'none', subscriber: { status: 'active' } });
    expect(sent).toEqual([]);
    expect(first.subscriber.id).toBe(active.subscriber.id);
  });

  it('an unsubscribed address stays unsubscribed after an anonymous signup; a link mailed before it no longer confirms', async () => {
    await subscribeNewsletter(handle.db, { email: 'u@example.org', source: 'website', locale: 'en' }, opts());
    const oldConfirm = linkIn(sent[0]!, 'confirm');
    const unsubscribe = linkIn(sent[0]!, 'unsubscribe');
    await confirmNewsletter(handle.db, oldConfirm, opts());
    const consented = (await findNewsletterSubscriber(handle.db, 'u@example.org'))!.consentedAt;
    server.requests.length = 0;

    expect(await unsubscribeNewsletter(handle.db, unsubscribe, opts())).toBe('unsubscribed');
    expect(await findNewsletterSubscriber(handle.db, 'u@example.org')).toMatchObject({
      status: 'unsubscribed',
      consentedAt: consented,
    });
    expect(server.requests.map((r) => [`${r.method} ${r.path}`, r.body])).toEqual([
      ['PUT /v3/contacts/u%40example.org', { emailBlacklisted: true }],
    ]);
    expect(server.contacts.get('u@example.org')?.emailBlacklisted).toBe(true);

    sent = [];
    server.requests.length = 0;
    // A day later (the once-a-day resend limit of an unsubscribed address has passed):
    await handle.db.execute(sql`update outbox set created_at = now() - interval '25 hours'`);
    const anonymous = await subscribeNewsletter(
      handle.db,
      { email: 'U@example.org', source: 'api', locale: 'pt', tags: ['newsletter'] },
      opts(),
    );
    expect(anonymous.subscriber).toMatchObject({ status: 'unsubscribed', consentedAt: consented });
    expect(server.requests).toEqual([]);
    // The old confirmation link was made for the row before it unsubscribed: it cannot undo that.
    expect(await confirmNewsletter(handle.db, oldConfirm, opts())).toBe('invalid');
    expect(await findNewsletterSubscriber(handle.db, 'u@example.org')).toMatchObject({
      status: 'unsubscribed',
    });
    // The person's own new link (mailed at most once a day) can.
    expect(sent).toHaveLength(1);
    await subscribeNewsletter(handle.db, { email: 'u@example.org', source: 'api', locale: 'pt' }, opts());
    expect(sent).toHaveLength(1);
    expect(await confirmNewsletter(handle.db, linkIn(sent[0]!, 'confirm'), opts())).toBe('confirmed');
    const back = await findNewsletterSubscriber(handle.db, 'u@example.org');
    expect(back!.status).toBe('active');
    expect(back!.consentedAt!.getTime()).toBeGreaterThan(consented!.getTime());
  });

  it('unsubscribing from the confirmation email deletes the pending row; unknown rows answer the same', async () => {
    await subscribeNewsletter(
      handle.db,
      { email: 'no@example.org', source: 'website', locale: 'en' },
      opts(),
    );
    const token = linkIn(sent[0]!, 'unsubscribe');
    expect(checkUnsubscribeToken(token, opts())).toBe('unsubscribed');
    expect(await unsubscribeNewsletter(handle.db, token, opts())).toBe('unsubscribed');
    expect(await findNewsletterSubscriber(handle.db, 'no@example.org')).toBeNull();
    expect(await unsubscribeNewsletter(handle.db, token, opts())).toBe('unsubscribed');
    expect(server.requests).toEqual([]);
    expect(await unsubscribeNewsletter(handle.db, 'u.bogus', opts())).toBe('invalid');
    // A new anonymous signup right after is still within the resend interval: no second email.
    await subscribeNewsletter(
      handle.db,
      { email: 'no@example.org', source: 'website', locale: 'en' },
      opts(),
    );
    expect(sent).toHaveLength(1);
  });

  it('with no provider: confirmed rows are marked skipped and no sync or unsubscribe item is queued', async () => {
    await subscribeNewsletter(
      handle.db,
      { email: 'db@example.org', source: 'website', locale: 'es' },
      opts({ config: null }),
    );
    expect(await confirmNewsletter(handle.db, linkIn(sent[0]!, 'confirm'), opts({ config: null }))).toBe(
      'confirmed',
    );
    expect(await findNewsletterSubscriber(handle.db, 'db@example.org')).toMatchObject({
      status: 'active',
      syncStatus: 'skipped',
    });
    expect(
      await unsubscribeNewsletter(handle.db, linkIn(sent[0]!, 'unsubscribe'), opts({ config: null })),
    ).toBe('unsubscribed');
    expect((await outboxRows()).map((i) => i.kind)).toEqual(['newsletter.confirm']);
    expect(server.requests).toEqual([]);
  });

  it('runs a volunteer follow-up with the docs/SPEC-NOTES.md §3 mapping; skipped without a provider', async () => {
    const row = await insertVolunteer(handle.db, {
      name: 'Amara Okafor Smith',
      email: 'amara@example.org',
      phone: '+447700900123',
      membershipType: 'individual',
      interests: ['research'],
      availability: ['flexible'],
      experienceLevel: 'beginner',
      country: 'Ghana',
      location: 'Accra',
    });
    const item = { kind: 'volunteer.followup', payload: { volunteerId: row.id } };
    expect(await runMailingJob(item, { db: handle.db, config: null })).toEqual({ ok: true });
    expect(server.requests).toEqual([]);
    expect(await runMailingJob(item, { db: handle.db, config })).toEqual({ ok: true });
    expect(server.contacts.get('amara@example.org')?.attributes).toEqual({
      FIRSTNAME: 'Amara',
      LASTNAME: 'Okafor Smith',
      SMS: '+447700900123',
      SOURCE: 'volunteer-registration',
      MEMBERSHIP_TYPE: 'individual',
      INTERESTS: 'research',
      AVAILABILITY: 'flexible',
      EXPERIENCE: 'beginner',
      COUNTRY: 'Ghana',
      CITY: 'Accra',
      VOLUNTEER_TYPE: 'network-member',
    });
    server.failNext(500);
    expect(await runMailingJob(item, { db: handle.db, config })).toEqual({
      ok: false,
      error: 'brevo: HTTP 500 internal_error',
    });
  });

  it('reports malformed items and unknown kinds as failures, and syncs or mails nothing for a removed subscriber', async () => {
    expect(await runMailingJob({ kind: 'newsletter.sync', payload: {} }, { db: handle.db, config })).toEqual({
      ok: false,
      error: 'newsletter.sync: payload lacks subscriberId or email',
    });
    expect(
      await runMailingJob({ kind: 'newsletter.confirm', payload: {} }, { db: handle.db, config }),
    ).toEqual({
      ok: false,
      error: 'newsletter.confirm: payload lacks subscriberId or email',
    });
    expect(
      await runMailingJob(
        { kind: 'volunteer.followup', payload: { volunteerId: 7 } },
        { db: handle.db, config },
      ),
    ).toMatchObject({ ok: false });
    expect(await runMailingJob({ kind: 'enquiry.forward', payload: {} }, { db: handle.db, config })).toEqual({
      ok: false,
      error: 'mailing: unknown job kind enquiry.forward',
    });
    const { subscriber } = await subscribeNewsletter(
      handle.db,
      { email: 'gone@example.org', source: 'website', locale: 'en' },
      opts({ config: null }),
    );
    await handle.db
      .delete(schema.newsletterSubscribers)
      .where(eq(schema.newsletterSubscribers.id, subscriber.id));
    sent = [];
    for (const kind of ['newsletter.sync', 'newsletter.confirm']) {
      expect(
        await runMailingJob(
          { kind, payload: { subscriberId: subscriber.id, email: 'gone@example.org' } },
          { db: handle.db, config, send, linkKey },
        ),
      ).toEqual({ ok: true });
    }
    expect(server.requests).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('POST /api/mailchimp/subscribe stores a pending signup with allow-listed tags, synced only after confirmation', async () => {
    const post = (body: unknown, ip: string) =>
      handleSubscribeRequest(
        new Request('http://localhost/api/mailchimp/subscribe', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-screening-socket-address': ip },
          body: JSON.stringify(body),
        }),
        { db: handle.db, ...opts() },
      );
    const response = await post(
      { email: 'api@example.org', firstName: 'Ada', tags: ['events'], mergeFields: { CITY: 'Leeds' } },
      '198.51.100.20',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await findNewsletterSubscriber(handle.db, 'api@example.org')).toMatchObject({
      source: 'api',
      locale: 'en',
      status: 'pending',
    });
    expect(server.requests).toEqual([]);
    await confirmNewsletter(handle.db, linkIn(sent[0]!, 'confirm'), opts());
    expect(server.contacts.get('api@example.org')?.attributes).toEqual({
      CITY: 'Leeds',
      FIRSTNAME: 'Ada',
      SOURCE: 'api',
    });

    // Tags that would label someone in the CRM are refused, and nothing is stored.
    const refused = await post(
      { email: 'victim@example.org', tags: ['donor', 'vip', 'staff'], mergeFields: { MMERGE9: 'x' } },
      '198.51.100.21',
    );
    expect(refused.status).toBe(400);
    const json = (await refused.json()) as { error: string; fields: string[]; messages: string[] };
    expect(json).toMatchObject({ error: 'invalid_body', fields: ['tags', 'mergeFields'] });
    expect(json.messages[0]).toMatch(/^unknown tag "donor"; allowed tags: newsletter, website/);
    expect(json.messages.at(-1)).toMatch(
      /^unknown merge field "MMERGE9"; allowed merge fields: COUNTRY, CITY$/,
    );
    expect(await findNewsletterSubscriber(handle.db, 'victim@example.org')).toBeNull();

    // Same answer for an address that is already active (nothing to learn about who subscribed).
    const repeat = await post({ email: 'api@example.org' }, '198.51.100.22');
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual({ success: true });
  });

  it('POST /api/newsletter/unsubscribe (RFC 8058 one-click) unsubscribes with the header link; GET only redirects', async () => {
    await subscribeNewsletter(
      handle.db,
      { email: 'one@example.org', source: 'website', locale: 'es' },
      opts(),
    );
    await confirmNewsletter(handle.db, linkIn(sent[0]!, 'confirm'), opts());
    const url = /^<(.+)>$/.exec(sent[0]!.headers!['List-Unsubscribe']!)![1]!;
    const landing = oneClickLanding(new Request(url));
    expect(landing.status).toBe(303);
    expect(landing.headers.get('location')).toMatch(/^\/es\/newsletter\/unsubscribe\?token=u\./);
    expect(await findNewsletterSubscriber(handle.db, 'one@example.org')).toMatchObject({ status: 'active' });

    const click = (body: string, target = url) =>
      handleOneClickUnsubscribe(
        new Request(target, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
        { db: handle.db, ...opts() },
      );
    expect((await click('something=else')).status).toBe(400);
    expect(
      (await click('List-Unsubscribe=One-Click', url.replace(/token=u\.[^&]+/, 'token=u.x'))).status,
    ).toBe(400);
    expect(await findNewsletterSubscriber(handle.db, 'one@example.org')).toMatchObject({ status: 'active' });
    const done = await click('List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true });
    expect(await findNewsletterSubscriber(handle.db, 'one@example.org')).toMatchObject({
      status: 'unsubscribed',
    });
    expect(server.contacts.get('one@example.org')?.emailBlacklisted).toBe(true);
    expect((await click('List-Unsubscribe=One-Click')).status).toBe(200);
  });
});
