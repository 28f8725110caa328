import { describe, expect, it } from 'vitest';

import { closingDate, reshapeTeamMember, reshapeVacancy, type ReshapeContext } from '@/lib/cms/reshape';
import team from '@/tests/fixtures/wordpress/team-member.json';
import vacancies from '@/tests/fixtures/wordpress/vacancies.json';

/**
 * Team members and vacancies as the WordPress rig serves them: the fixtures are items recorded from the exported
 * snapshot (content/snapshot/team-member.json and vacancies.json, URLs already site-relative).
 */
const CTX: ReshapeContext = { wordpressHost: 'cms.example.org' };

const [director, chair] = [team[0]!, team[1]!];
const [organiser, maternityCover, treasurer] = [vacancies[0]!, vacancies[1]!, vacancies[2]!];

/** A copy of a recorded item with some fields replaced. */
function withFields<T extends { acf: unknown }>(item: T, acf: unknown, extra: Record<string, unknown> = {}) {
  return { ...structuredClone(item), acf, ...extra };
}

describe('closingDate', () => {
  it('reads the 8-digit date ACF stores and ISO dates', () => {
    expect(closingDate('20270208')).toBe('2027-02-08');
    expect(closingDate('2026-08-10')).toBe('2026-08-10');
    expect(closingDate(' 2027-03-31 ')).toBe('2027-03-31');
  });

  it('keeps only the day of an ISO date-time', () => {
    expect(closingDate('2027-03-31T12:00:00')).toBe('2027-03-31');
    expect(closingDate('2027-03-31 23:59:00')).toBe('2027-03-31');
  });

  it('is null for days that do not exist', () => {
    expect(closingDate('20270230')).toBeNull();
    expect(closingDate('2027-13-01')).toBeNull();
    expect(closingDate('2026-02-29')).toBeNull();
    expect(closingDate('2028-02-29')).toBe('2028-02-29');
  });

  it('is null for empty, missing and unreadable values', () => {
    for (const value of [
      '',
      '   ',
      null,
      undefined,
      false,
      [],
      'TBC',
      '31/03/2027',
      'March 31, 2027',
      '2027031',
    ]) {
      expect(closingDate(value)).toBeNull();
    }
  });
});

describe('reshapeTeamMember', () => {
  it('reads role, photo, bio, email and order from acf', () => {
    const member = reshapeTeamMember(director, CTX);
    expect(member).toMatchObject({
      slug: 'yvonne-clarke',
      title: 'Dr Yvonne Clarke',
      role: 'Director',
      photo: { url: '/content-media/2024/01/team-yvonne-clarke.jpg', alt: 'Dr Yvonne Clarke' },
      email: 'yvonne.clarke@example.org',
      order: 10,
    });
    expect(member?.bio).toMatch(/^Yvonne leads the network’s staff team/);
    expect(member?.html).toContain('<p>Yvonne joined the network as its first director');
  });

  it('has no photo or email when neither is set and there is no featured image', () => {
    const member = reshapeTeamMember(chair, CTX);
    expect(member).toMatchObject({
      slug: 'samuel-adebayo',
      role: 'Chair of Trustees',
      photo: null,
      email: null,
    });
    expect(member?.order).toBe(80);
  });

  it('falls back to the featured image when acf.photo is empty', () => {
    const raw = withFields(
      chair,
      { ...chair.acf, photo: false },
      {
        _embedded: {
          'wp:featuredmedia': [
            { source_url: '/content-media/2024/01/portrait.jpg', alt_text: 'Portrait', media_details: {} },
          ],
        },
      },
    );
    expect(reshapeTeamMember(raw, CTX)?.photo).toMatchObject({
      url: '/content-media/2024/01/portrait.jpg',
      alt: 'Portrait',
    });
  });

  it('uses the excerpt as bio, sorts last and has no role when acf is [] (no field group)', () => {
    const member = reshapeTeamMember(withFields(director, []), CTX);
    expect(member?.role).toBeNull();
    expect(member?.photo).toBeNull();
    expect(member?.bio).toBe(member?.excerpt);
    expect(member?.bio).not.toBe('');
    expect(member?.order).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads a numeric order given as a string, and rejects what is not an email address', () => {
    const member = reshapeTeamMember(
      withFields(director, {
        ...director.acf,
        order: '3',
        email: 'mailto:<b>x</b>',
        role: '<em>Director</em>',
      }),
      CTX,
    );
    expect(member?.order).toBe(3);
    expect(member?.email).toBeNull();
    expect(member?.role).toBe('Director');
  });

  it('skips an item that is not a WordPress post', () => {
    expect(reshapeTeamMember({ slug: 'no-id' }, CTX)).toBeNull();
  });
});

describe('reshapeVacancy', () => {
  it('reads an open vacancy with an 8-digit closing date', () => {
    const vacancy = reshapeVacancy(organiser, CTX);
    expect(vacancy).toMatchObject({
      slug: 'community-organiser-race-and-climate-justice',
      closingDate: '2027-02-08',
      hours: '22.5 hours a week (three days), with some evening and weekend work',
      salary: '£28,500 a year pro rata (£17,100 actual)',
      location: 'Chapeltown, Leeds, with work across south and east Leeds',
      contractType: 'Fixed term, two years',
    });
    expect(vacancy?.howToApply).toContain(
      'href="mailto:jobs@example.org?subject=Community%20Organiser%20application"',
    );
    expect(vacancy?.html).toContain('<h2 id="what-you-will-do">What you will do</h2>');
  });

  it('reads ISO closing dates (the closed vacancy and a later one)', () => {
    expect(reshapeVacancy(maternityCover, CTX)?.closingDate).toBe('2026-08-10');
    expect(reshapeVacancy(treasurer, CTX)?.closingDate).toBe('2027-03-31');
  });

  it('gives plain text for hours, salary and location, and sanitises how to apply', () => {
    const vacancy = reshapeVacancy(
      withFields(organiser, {
        ...organiser.acf,
        hours: '<strong>Full time</strong>',
        salary: '£30,000 &amp; pension',
        how_to_apply:
          '<p onclick="x()">Email <a href="javascript:alert(1)">us</a></p><script>alert(1)</script>',
      }),
      CTX,
    );
    expect(vacancy?.hours).toBe('Full time');
    expect(vacancy?.salary).toBe('£30,000 & pension');
    expect(vacancy?.howToApply).toContain('Email');
    expect(vacancy?.howToApply).not.toMatch(/<script|onclick|javascript:/);
  });

  it('has empty fields and no closing date when acf is [] or the date is unreadable', () => {
    expect(reshapeVacancy(withFields(organiser, []), CTX)).toMatchObject({
      closingDate: null,
      hours: null,
      salary: null,
      location: null,
      contractType: null,
      howToApply: '',
    });
    expect(
      reshapeVacancy(withFields(organiser, { ...organiser.acf, closing_date: 'TBC' }), CTX)?.closingDate,
    ).toBeNull();
  });
});
