import { describe, expect, it } from 'vitest';

import { loadMessages } from '@/i18n/messages';
import { routing } from '@/i18n/routing';
import { LABEL_KINDS, countryCodeOf, createLabeler, getLabels, labelList } from '@/lib/back-office/labels';
import {
  ENQUIRY_STATUSES,
  OUTBOX_STATUSES,
  SUBSCRIBER_STATUSES,
  SYNC_STATUSES,
  VOLUNTEER_STATUSES,
} from '@/lib/db/schema';
import { MAILING_JOB_KINDS } from '@/lib/mailing/jobs';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_LEVELS,
  INTEREST_OPTIONS,
  MEMBERSHIP_TYPES,
} from '@/lib/volunteers/shared';

/** Every stored value the back office shows, by label kind: each must have its own label in every locale. */
const STORED: Partial<Record<(typeof LABEL_KINDS)[number], readonly string[]>> = {
  enquiryStatus: ENQUIRY_STATUSES,
  volunteerStatus: VOLUNTEER_STATUSES,
  subscriberStatus: SUBSCRIBER_STATUSES,
  syncStatus: SYNC_STATUSES,
  outboxStatus: OUTBOX_STATUSES,
  outboxKind: [
    ...MAILING_JOB_KINDS,
    'enquiry.forward',
    'enquiry.reply',
    'enquiry.acknowledge',
    'enquiry.notify',
    'auth.email',
    'outbox.alert',
  ],
  interest: INTEREST_OPTIONS,
  availability: AVAILABILITY_OPTIONS,
  experience: EXPERIENCE_LEVELS,
  membership: MEMBERSHIP_TYPES,
  source: ['website'],
  form: ['home', 'community'],
};

describe('back-office data labels', () => {
  it('labels every stored status, kind and option in en, es, fr and pt (no code shown as its label)', async () => {
    for (const locale of routing.locales) {
      const label = await getLabels(locale);
      for (const [kind, values] of Object.entries(STORED)) {
        for (const value of values ?? []) {
          const text = label(kind as (typeof LABEL_KINDS)[number], value);
          expect(text, `${locale} ${kind} ${value}`).not.toBe(value);
          expect(text.length, `${locale} ${kind} ${value}`).toBeGreaterThan(1);
        }
      }
    }
  });

  it('says what an outbox kind is, in the admin’s language', async () => {
    expect((await getLabels('en'))('outboxKind', 'volunteer.followup')).toBe(
      'New member added to the mailing list',
    );
    expect((await getLabels('es'))('outboxKind', 'volunteer.followup')).toBe(
      'Nuevo miembro añadido a la lista de correo',
    );
    expect((await getLabels('fr'))('volunteerStatus', 'left')).toBe('Parti');
    expect((await getLabels('pt'))('interest', 'climate-justice')).toBe('Justiça climática');
  });

  it('names countries stored as English names or codes in each locale; unknown ones as stored', async () => {
    const es = await getLabels('es');
    const fr = await getLabels('fr');
    expect(es('country', 'Spain')).toBe('España');
    expect(es('country', 'United Kingdom')).toBe('Reino Unido');
    expect(fr('country', 'GB')).toBe('Royaume-Uni');
    expect(fr('country', 'DEU')).toBe('Allemagne');
    expect((await getLabels('pt'))('country', 'Germany')).toBe('Alemanha');
    expect(es('country', 'Atlantis')).toBe('Atlantis');
    expect(countryCodeOf('Great Britain')).toBe('GB');
    expect(countryCodeOf('United States of America')).toBe('US');
  });

  it('keeps the free-text interest, names languages, and falls back to the code or English', async () => {
    const fr = await getLabels('fr');
    expect(fr('interest', 'other: choir singing')).toBe('Autre : choir singing');
    expect(fr('locale', 'es')).toBe('Espagnol');
    expect(fr('outboxStatus', 'mystery')).toBe('mystery');
    expect(fr('outboxKind', null)).toBe('');
    expect(labelList(fr, 'availability', ['weekends', 'evenings'])).toBe('Le week-end, En soirée');
    // An unknown locale reads English; a message missing from a translation reads the English one.
    expect((await getLabels('xx'))('role', 'staff')).toBe('Staff');
    const en = await loadMessages('en');
    const partial = createLabeler('pt', { BackOffice: { labels: { role: { staff: 'Equipa' } } } });
    expect(partial('role', 'staff')).toBe('Equipa');
    expect(createLabeler('pt', en)('role', 'admin')).toBe('Admin');
  });
});
