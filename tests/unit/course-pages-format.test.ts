import { describe, expect, it } from 'vitest';

import {
  clampPercent,
  cutText,
  deniedNotice,
  enrolErrorKey,
  neighbours,
  pickLesson,
} from '@/lib/courses/shared';
import { uploadHeaders } from '@/lib/courses/shared';
import { siteConfig } from '@/lib/config/site';
import { formatDate, formatMoney } from '@/lib/utils/format';
import { courseJsonLd } from '@/lib/seo/json-ld';

describe('course page helpers', () => {
  it('prints prices in pounds with pence only when needed, in the page locale (lib/utils/format.ts)', () => {
    expect(formatMoney(25, 'en')).toBe('£25');
    expect(formatMoney(12.5, 'en')).toBe('£12.50');
    expect(formatMoney(12.5, 'fr')).toBe('12,50\u00a0£');
  });

  it('cuts descriptions at a word with an ellipsis and flattens whitespace', () => {
    expect(cutText('Short\n\ntext')).toBe('Short text');
    const cut = cutText('one two three four five six', 14);
    expect(cut).toBe('one two three…');
    expect(cut.length).toBeLessThanOrEqual(14);
  });

  it('clamps progress to a whole percent', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(49.6)).toBe(50);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
  });

  it('opens the ?lesson= lesson only when it belongs to the course, else the resume lesson, else the first', () => {
    const ids = ['a', 'b', 'c'];
    expect(pickLesson(ids, 'b', 'c')).toBe('b');
    expect(pickLesson(ids, 'zzz', 'c')).toBe('c');
    expect(pickLesson(ids, ['b'], null)).toBe('a');
    expect(pickLesson(ids, undefined, 'gone')).toBe('a');
    expect(pickLesson([], 'a', 'a')).toBeNull();
    expect(neighbours(ids, 'a')).toEqual({ previous: undefined, next: 'b' });
    expect(neighbours(ids, 'c')).toEqual({ previous: 'b', next: undefined });
    expect(neighbours(ids, 'x')).toEqual({});
  });

  it('maps refusals to messages: no session is "User not authenticated"', () => {
    expect(enrolErrorKey('unauthenticated')).toBe('errorNotAuthenticated');
    expect(enrolErrorKey('not-authenticated')).toBe('errorNotAuthenticated');
    expect(enrolErrorKey('course-not-found')).toBe('errorCourseNotFound');
    expect(enrolErrorKey('payment-required')).toBe('errorPaymentRequired');
    expect(enrolErrorKey('enrolment-failed')).toBe('errorEnrolmentFailed');
  });

  it('reads only the two denied values requireAdmin sends', () => {
    expect(deniedNotice('?denied=admin')).toBe('admin');
    expect(deniedNotice('?x=1&denied=check')).toBe('check');
    expect(deniedNotice('?denied=other')).toBeNull();
    expect(deniedNotice('')).toBeNull();
  });

  it("prints dates in UK time in the page locale, English the site's way ('Month day, year')", () => {
    // 23:30 UTC on 31 March 2026 is already 1 April in London (BST).
    expect(formatDate(new Date('2026-03-31T23:30:00Z'), 'en')).toBe('April 1, 2026');
    expect(formatDate('2026-03-31T23:30:00Z', 'fr')).toBe('1 avril 2026');
    expect(formatDate('nonsense', 'en')).toBe('');
  });
});

describe('/uploads names', () => {
  it('serves only stored names with accepted extensions; office files as attachments', () => {
    expect(uploadHeaders('1700000000000_notes.pdf')).toEqual({
      contentType: 'application/pdf',
      attachment: false,
    });
    expect(uploadHeaders('1_photo.JPG')).toEqual({ contentType: 'image/jpeg', attachment: false });
    expect(uploadHeaders('1_deck.pptx')?.attachment).toBe(true);
    expect(uploadHeaders('1_letter.doc')?.attachment).toBe(true);
    for (const bad of [
      'notes.pdf',
      '1_notes',
      '1_../x.pdf',
      '1_a/b.pdf',
      '1_script.html',
      'x_1.pdf',
      '1_..pdf',
    ]) {
      expect(uploadHeaders(bad), bad).toBeNull();
    }
  });
});

describe('courseJsonLd', () => {
  it('describes a course with the charity as provider and a GBP offer', () => {
    const site = siteConfig();
    const data = courseJsonLd(site, { path: '/courses/abc', title: 'T', description: 'D', price: 45 });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'T',
      description: 'D',
      url: `${site.url}/courses/abc`,
      provider: { '@type': 'NGO', '@id': `${site.url}/#organization`, name: site.name },
      offers: { '@type': 'Offer', price: '45.00', priceCurrency: 'GBP', category: 'Paid' },
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
    });
    expect(
      courseJsonLd(site, { path: '/courses/x', title: 'F', description: '', price: 0 }).offers,
    ).toMatchObject({
      price: '0.00',
      category: 'Free',
    });
  });
});
