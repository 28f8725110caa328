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
  checkMailingConnection,
  newsletterContact,
  runMailingJob,
  subscribeNewsletter,
  syncContact,
  volunteerContact,
} from '@/lib/mailing';
import { handleSubscribeRequest } from '@/lib/mailing/subscribe-api';

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
      status_if_new: 'subscribed',
      status: 'subscribed',
      merge_fields: { FNAME: 'Jo', SOURCE: 'website' },
      tags: ['newsletter', 'website'],
    });
    expect(tags!.body).toEqual({
      tags: [
        { name: 'newsletter', status: 'active' },
        { name: 'website', status: 'active' },
      ],
    });
    expect(server.members.get(hash)).toMatchObject({ status: 'subscribed', tags: ['newsletter', 'website'] });
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

describe.each(engines)('newsletter signup and mailing jobs on $name', (engine) => {
  const apiKey = 'xkeysib-db';
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let server: Awaited<ReturnType<typeof startBrevoServer>>;
  let config: BrevoConfig;

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
  });

  const outboxRows = () => handle.db.select().from(schema.outbox);

  it('saves the row and a pending outbox item when the provider fails; the job syncs it once it recovers', async () => {
    server.failNext(503);
    const result = await subscribeNewsletter(
      handle.db,
      { email: ' Sam@Example.org', source: 'home', locale: 'fr', firstName: 'Sam' },
      { config },
    );
    expect(result).toMatchObject({ created: true, synced: 'queued' });
    expect(result.subscriber).toMatchObject({
      email: 'sam@example.org',
      source: 'home',
      locale: 'fr',
      status: 'active',
      syncStatus: 'failed',
      syncAttempts: 1,
      syncLastError: 'brevo: HTTP 503 internal_error',
    });
    const [item] = await outboxRows();
    expect(item).toMatchObject({
      kind: 'newsletter.sync',
      status: 'pending',
      lastError: 'brevo: HTTP 503 internal_error',
      payload: {
        subscriberId: result.subscriber.id,
        email: 'sam@example.org',
        locale: 'fr',
        source: 'home',
        firstName: 'Sam',
      },
    });
    expect(item!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    server.recover();
    expect(await runMailingJob(item!, { db: handle.db, config })).toEqual({ ok: true });
    const row = await findNewsletterSubscriber(handle.db, 'sam@example.org');
    expect(row).toMatchObject({ syncStatus: 'synced', syncAttempts: 2, syncLastError: null });
    expect(row!.syncedAt).toBeInstanceOf(Date);
    expect(server.contacts.get('sam@example.org')).toMatchObject({
      attributes: { FIRSTNAME: 'Sam', SOURCE: 'home' },
      listIds: [3],
    });
  });

  it('syncs at once when the provider answers: row synced, outbox item sent; a repeat signup adds no row', async () => {
    const first = await subscribeNewsletter(
      handle.db,
      { email: 'lee@example.org', source: 'website', locale: 'en' },
      { config },
    );
    expect(first).toMatchObject({ created: true, synced: 'ok', subscriber: { syncStatus: 'synced' } });
    const again = await subscribeNewsletter(
      handle.db,
      { email: 'LEE@example.org ', source: 'community', locale: 'pt' },
      { config },
    );
    expect(again).toMatchObject({ created: false, synced: 'ok' });
    expect(again.subscriber.id).toBe(first.subscriber.id);
    expect(again.subscriber).toMatchObject({ locale: 'pt', source: 'website' });
    expect(again.subscriber.consentedAt!.getTime()).toBeGreaterThanOrEqual(
      first.subscriber.consentedAt!.getTime(),
    );
    const subscribers = await handle.db.select().from(schema.newsletterSubscribers);
    expect(subscribers).toHaveLength(1);
    const items = await outboxRows();
    expect(items.map((i) => i.status)).toEqual(['sent', 'sent']);
  });

  it('with no provider keeps the row in the database only, marked skipped, and queues nothing', async () => {
    const result = await subscribeNewsletter(
      handle.db,
      { email: 'db@example.org', source: 'website', locale: 'es' },
      { config: null },
    );
    expect(result).toMatchObject({ created: true, synced: 'skipped', subscriber: { syncStatus: 'skipped' } });
    expect(await outboxRows()).toEqual([]);
    expect(server.requests).toEqual([]);
    expect(
      await runMailingJob(
        { kind: 'newsletter.sync', payload: { subscriberId: result.subscriber.id, email: 'db@example.org' } },
        { db: handle.db, config: null },
      ),
    ).toEqual({ ok: true });
  });

  it('runs a volunteer follow-up with the spec §3 mapping; skipped without a provider', async () => {
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

  it('reports malformed items and unknown kinds as failures, and syncs nothing for a removed subscriber', async () => {
    expect(await runMailingJob({ kind: 'newsletter.sync', payload: {} }, { db: handle.db, config })).toEqual({
      ok: false,
      error: 'newsletter.sync: payload lacks subscriberId or email',
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
      { config: null },
    );
    await handle.db
      .delete(schema.newsletterSubscribers)
      .where(eq(schema.newsletterSubscribers.id, subscriber.id));
    expect(
      await runMailingJob(
        { kind: 'newsletter.sync', payload: { subscriberId: subscriber.id, email: 'gone@example.org' } },
        { db: handle.db, config },
      ),
    ).toEqual({ ok: true });
    expect(server.requests).toEqual([]);
  });

  it('POST /api/mailchimp/subscribe saves the signup with source api and default tags', async () => {
    const response = await handleSubscribeRequest(
      new Request('http://localhost/api/mailchimp/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-screening-socket-address': '198.51.100.20' },
        body: JSON.stringify({
          email: 'api@example.org',
          firstName: 'Ada',
          mergeFields: { ROLE: 'Trustee' },
        }),
      }),
      { db: handle.db, config },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const row = await findNewsletterSubscriber(handle.db, 'api@example.org');
    expect(row).toMatchObject({ source: 'api', locale: 'en', syncStatus: 'synced' });
    expect(server.contacts.get('api@example.org')?.attributes).toEqual({
      ROLE: 'Trustee',
      FIRSTNAME: 'Ada',
      SOURCE: 'api',
    });
    const [item] = await outboxRows();
    expect(item!.payload).toMatchObject({
      tags: ['newsletter', 'website'],
      mergeFields: { ROLE: 'Trustee' },
    });
  });
});
