import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type Database,
  activateNewsletterSubscriber,
  countSubscribers,
  countVolunteers,
  deliveryKinds,
  enqueueOutbox,
  insertEnquiry,
  insertVolunteer,
  listDeliveries,
  listSubscribers,
  listVolunteers,
  setVolunteerStatuses,
  subscriberPages,
  upsertNewsletterSubscriber,
  volunteerPages,
} from '@/lib/db';

import { testEngines } from '../helpers/test-engines';

const registration = (over: Partial<Parameters<typeof insertVolunteer>[1]> = {}) => ({
  name: 'Ada Okafor',
  email: 'ada@example.org',
  phone: '+44 7700 900123',
  membershipType: 'individual' as const,
  interests: ['events'],
  availability: ['weekends'],
  experienceLevel: 'beginner' as const,
  country: 'United Kingdom',
  location: 'Leeds',
  ...over,
});

/**
 * The back-office lists' reads (lib/db/queries/back-office.ts): text search, selections, pages and counts, the
 * exports' keyset pages (every row, none twice), the bulk status change, and whom each delivery concerns.
 */
describe.each(testEngines('lrjn_back_office_lists'))('back-office lists on $name', (engine) => {
  let db: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const opened = await engine.open();
    db = opened.handle.db;
    dispose = opened.dispose;
  }, 60_000);

  afterAll(async () => {
    await dispose?.();
  });

  it('network: searches name, email and organisation (wildcards literal), pages, counts and selects', async () => {
    const jose = await insertVolunteer(db, registration({ name: 'José Martín', email: 'jm@example.org' }));
    const org = await insertVolunteer(
      db,
      registration({
        name: 'Bea',
        email: 'bea@example.org',
        membershipType: 'organization',
        organizationName: 'Leeds 100% Solidarity',
      }),
    );
    for (let i = 0; i < 7; i++)
      await insertVolunteer(db, registration({ name: `Member ${i}`, email: `m${i}@example.org` }));

    expect((await listVolunteers(db, { q: 'josé' })).map((v) => v.id)).toEqual([jose.id]);
    expect((await listVolunteers(db, { q: 'JM@EXAMPLE' })).map((v) => v.id)).toEqual([jose.id]);
    expect((await listVolunteers(db, { q: '100%' })).map((v) => v.id)).toEqual([org.id]);
    expect(await listVolunteers(db, { q: '%' })).toHaveLength(1); // only the organisation has a literal %
    expect(await listVolunteers(db, { q: '_' })).toHaveLength(0);
    expect(await countVolunteers(db)).toBe(9);
    expect(await countVolunteers(db, { q: 'member' })).toBe(7);

    const first = await listVolunteers(db, { limit: 4 });
    const second = await listVolunteers(db, { limit: 4, offset: 4 });
    expect(first).toHaveLength(4);
    expect(new Set([...first, ...second].map((v) => v.id)).size).toBe(8);

    expect((await listVolunteers(db, { ids: [org.id, jose.id] })).map((v) => v.id).sort()).toEqual(
      [org.id, jose.id].sort(),
    );
    expect(await listVolunteers(db, { ids: [] })).toEqual([]);

    const pages: string[][] = [];
    for await (const page of volunteerPages(db, {}, 4)) pages.push(page.map((v) => v.id));
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    expect(new Set(pages.flat()).size).toBe(9);
  });

  it('network: sets the status of a selection, skipping rows already in it and unknown ids', async () => {
    const [a, b] = await listVolunteers(db, { q: 'member', limit: 2 });
    const changed = await setVolunteerStatuses(
      db,
      [a!.id, b!.id, '00000000-0000-4000-8000-000000000000'],
      'active',
    );
    expect(changed.map((r) => r.status)).toEqual(['active', 'active']);
    expect(await setVolunteerStatuses(db, [a!.id], 'active')).toEqual([]);
    expect(await countVolunteers(db, { status: 'active' })).toBe(2);
  });

  it('newsletter: searches the address, filters by status, pages every row', async () => {
    const { subscriber: keen } = await upsertNewsletterSubscriber(db, {
      email: 'keen.reader@example.org',
      locale: 'fr',
    });
    await activateNewsletterSubscriber(db, keen.id);
    for (let i = 0; i < 5; i++)
      await upsertNewsletterSubscriber(db, { email: `reader${i}@example.net`, locale: 'en' });
    expect((await listSubscribers(db, { q: 'KEEN' })).map((s) => s.id)).toEqual([keen.id]);
    expect(await countSubscribers(db, { q: 'example.net' })).toBe(5);
    expect(await countSubscribers(db, { status: 'active' })).toBe(1);
    expect(await countSubscribers(db, { status: 'pending', q: 'keen' })).toBe(0);
    const all: string[] = [];
    for await (const page of subscriberPages(db, {}, 2)) all.push(...page.map((s) => s.id));
    expect(all).toHaveLength(6);
    expect(new Set(all).size).toBe(6);
  });

  it('deliveries: say whom each concerns (member, subscriber, enquiry, address), filter by kind, status and text', async () => {
    const member = await insertVolunteer(db, registration({ name: 'Olu Adeyemi', email: 'olu@example.org' }));
    const { subscriber } = await upsertNewsletterSubscriber(db, { email: 'sub@example.org', locale: 'en' });
    const enquiry = await insertEnquiry(db, {
      name: 'Ines Duarte',
      email: 'ines@example.org',
      message: 'Hello there, a question.',
    });
    await enqueueOutbox(db, { kind: 'volunteer.followup', payload: { volunteerId: member.id } });
    await enqueueOutbox(db, {
      kind: 'newsletter.unsubscribe',
      payload: { subscriberId: subscriber.id, email: subscriber.email },
    });
    await enqueueOutbox(db, { kind: 'enquiry.forward', payload: { enquiryId: enquiry.id } });
    await enqueueOutbox(db, { kind: 'mailing.forget', payload: { email: 'gone@example.org' } });
    await enqueueOutbox(db, { kind: 'outbox.alert', payload: {} });
    await enqueueOutbox(db, {
      kind: 'auth.email',
      payload: { to: 'new@example.org', subject: 'Confirm', text: 'x' },
    });
    await enqueueOutbox(db, {
      kind: 'enquiry.reply',
      payload: { enquiryId: '00000000-0000-4000-8000-000000000000', email: 'hidden@example.org' },
    });

    const all = await listDeliveries(db, { exceptKinds: ['outbox.alert'] });
    const byKind = Object.fromEntries(all.pending.map((d) => [d.kind, d.concerns]));
    expect(byKind['volunteer.followup']).toEqual({
      kind: 'member',
      id: member.id,
      name: 'Olu Adeyemi',
      email: 'olu@example.org',
    });
    expect(byKind['newsletter.unsubscribe']).toEqual({
      kind: 'subscriber',
      id: subscriber.id,
      name: null,
      email: 'sub@example.org',
    });
    expect(byKind['enquiry.forward']).toMatchObject({ kind: 'enquiry', id: enquiry.id, name: 'Ines Duarte' });
    // An erasure names nobody; an account email its address; an item whose record is gone nobody either.
    expect(byKind['mailing.forget']).toEqual({ kind: null, id: null, name: null, email: null });
    expect(byKind['auth.email']).toEqual({ kind: null, id: null, name: null, email: 'new@example.org' });
    expect(byKind['enquiry.reply']).toEqual({ kind: null, id: null, name: null, email: null });
    expect(all.totals).toEqual({ pending: 6, failed: 0 });
    expect(JSON.stringify(all)).not.toContain('hidden@example.org');
    expect(JSON.stringify(all)).not.toContain('gone@example.org');
    expect(JSON.stringify(all)).not.toContain('payload');

    expect((await listDeliveries(db, { q: 'olu' })).pending.map((d) => d.kind)).toEqual([
      'volunteer.followup',
    ]);
    expect((await listDeliveries(db, { q: 'ines@' })).pending.map((d) => d.kind)).toEqual([
      'enquiry.forward',
    ]);
    expect((await listDeliveries(db, { kind: 'mailing.forget' })).pending).toHaveLength(1);
    expect((await listDeliveries(db, { status: 'failed' })).pending).toEqual([]);
    expect((await listDeliveries(db, { q: 'gone@' })).pending).toEqual([]);
    expect(await deliveryKinds(db, { exceptKinds: ['outbox.alert'] })).toEqual([
      'auth.email',
      'enquiry.forward',
      'enquiry.reply',
      'mailing.forget',
      'newsletter.unsubscribe',
      'volunteer.followup',
    ]);
  });
});
