import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { issueFormToken } from '@/lib/forms/token';

import { testEngines } from '../helpers/test-engines';

/**
 * The Network Registration's server side (docs/SPEC-NOTES.md §3, §5, §7) through the wrapper the server action uses
 * (`executeAction`: rate limit, spam guard, zod), on PGlite in memory and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const SECRET = 'registration-test-form-secret-0123456789ab';
process.env.FORM_SECRET = SECRET;

type Action = typeof import('@/lib/safe-action');
type Handler = typeof import('@/lib/volunteers/handler');
let action: Action;
let registration: Handler;
beforeAll(async () => {
  action = await import('@/lib/safe-action');
  registration = await import('@/lib/volunteers/handler');
});

const engines = testEngines('lrjn_registration');

const valid = {
  fullName: 'Ada Lovelace Byron',
  email: 'ada@example.org',
  phone: '0113 496 0123',
  membershipType: 'organization',
  organization: 'Chapeltown Collective',
  interests: ['climate-justice', 'other'],
  customInterest: 'Oral history',
  availability: ['evenings', 'weekends'],
  experience: 'intermediate',
  skills: 'design, translation, , first aid',
  country: 'GB',
  city: 'Leeds',
};

describe.each(engines)('network registration on $name', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let ipCounter = 0;

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
  }, 120_000);
  afterAll(async () => {
    await dispose?.();
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate volunteers, outbox`);
  });

  const now = () => Date.now();
  const ctx = () => ({ ip: `198.51.100.${++ipCounter % 250}`, locale: 'es' as const, now: now() });
  const guard = () => ({
    formToken: issueFormToken(SECRET, now() - 10_000, 'registration'),
    website_url: '',
  });
  const submit = (raw: unknown) =>
    action.executeAction(
      registration.registrationForm,
      (input, c) => registration.handleRegistration(input, c, { db: handle.db }),
      raw,
      ctx(),
    );
  const volunteers = () => handle.db.select().from(schema.volunteers);
  const outbox = () => handle.db.select().from(schema.outbox);

  it('saves the volunteers row and its pending follow-up in the outbox', async () => {
    const result = await submit({ ...guard(), ...valid, fullName: '  Ada Lovelace Byron ' });
    expect(result.ok).toBe(true);
    const id = result.ok ? result.data.id : '';
    const rows = await volunteers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      name: 'Ada Lovelace Byron',
      email: 'ada@example.org',
      phone: '0113 496 0123',
      membershipType: 'organization',
      organizationName: 'Chapeltown Collective',
      interests: ['climate-justice', 'other', 'other: Oral history'],
      availability: ['evenings', 'weekends'],
      experienceLevel: 'intermediate',
      skills: ['design', 'translation', 'first aid'],
      country: 'United Kingdom',
      location: 'Leeds',
      locale: 'es',
    });
    const items = await outbox();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'volunteer.followup',
      payload: { volunteerId: id },
      status: 'pending',
    });
  });

  it('keeps no organisation for an individual member, and accepts an English country name', async () => {
    const result = await submit({
      ...guard(),
      ...valid,
      membershipType: 'individual',
      interests: ['events'],
      country: 'Germany',
    });
    expect(result.ok).toBe(true);
    const [row] = await volunteers();
    expect(row).toMatchObject({ organizationName: null, interests: ['events'], country: 'Germany' });
  });

  it('answers hostile or malformed input with a 4xx and stores nothing', async () => {
    const huge = 'x'.repeat(1_000_000);
    const many = Array.from({ length: 10_000 }, () => 'events');
    const cases: unknown[] = [
      null,
      undefined,
      42,
      'fullName=Ada',
      [{ ...guard(), ...valid }],
      { ...valid }, // no token
      { ...guard(), ...valid, website_url: 'http://spam.example' },
      { ...guard(), ...valid, fullName: huge },
      { ...guard(), ...valid, email: `${huge}@example.org` },
      { ...guard(), ...valid, phone: '1'.repeat(10_000) },
      { ...guard(), ...valid, organization: huge },
      { ...guard(), ...valid, customInterest: huge },
      { ...guard(), ...valid, skills: huge },
      { ...guard(), ...valid, skills: Array.from({ length: 10_000 }, (_, i) => `skill ${i}`) },
      { ...guard(), ...valid, interests: many },
      { ...guard(), ...valid, availability: Array.from({ length: 10_000 }, () => 'weekends') },
      { ...guard(), ...valid, interests: ['hacking'] },
      { ...guard(), ...valid, availability: ['always'] },
      { ...guard(), ...valid, membershipType: 'admin' },
      { ...guard(), ...valid, experience: 'god-mode' },
      { ...guard(), ...valid, country: 'Atlantis' },
      { ...guard(), ...valid, country: "'; drop table volunteers; --" },
      { ...guard(), ...valid, city: huge },
      { ...guard(), ...valid, fullName: { $gt: '' } },
      { ...guard(), ...valid, interests: { 0: 'events' } },
      { ...guard(), ...valid, email: 'not-an-email' },
    ];
    for (const raw of cases) {
      const result = await submit(raw);
      expect(result.ok, JSON.stringify(raw)?.slice(0, 120)).toBe(false);
      if (!result.ok) {
        expect(result.status).toBeGreaterThanOrEqual(400);
        expect(result.status).toBeLessThan(500);
      }
    }
    expect(await volunteers()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('stores HTML and SQL-looking text as plain text, unchanged', async () => {
    const text = `<script>alert(1)</script> Robert'); DROP TABLE volunteers;--`;
    const result = await submit({ ...guard(), ...valid, fullName: text, city: '<b>Leeds</b>' });
    expect(result.ok).toBe(true);
    const [row] = await volunteers();
    expect(row).toMatchObject({ name: text, location: '<b>Leeds</b>' });
  });

  it('names the failing fields with the spec messages’ keys', async () => {
    const result = await submit({ ...guard() });
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: {
        fullName: 'nameMin',
        email: 'emailInvalid',
        phone: 'phoneMin',
        membershipType: 'membershipRequired',
        interests: 'interestsRequired',
        availability: 'availabilityRequired',
        experience: 'experienceRequired',
        country: 'countryRequired',
        city: 'cityMin',
      },
    });
  });
});
