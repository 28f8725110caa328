import { describe, expect, it } from 'vitest';

import { MANAGE_OPS, manageInput, manageStatus, parsePrice } from '@/lib/courses/shared';
import en from '@/messages/en.json';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};
const UNIT = '11111111-1111-4111-8111-111111111111';
const LESSON = '22222222-2222-4222-8222-222222222222';

describe('manageInput (the manage page forms → handler input)', () => {
  it('sends every course field but published, with the price as a number and certificate fields nested', () => {
    expect(
      manageInput(
        'update',
        form({
          courseId: 'c',
          title: 'T',
          description: 'D',
          price: '12.50',
          thumbnail: '',
          'certification.title': 'CT',
          'certification.description': '',
          published: 'true',
        }),
      ),
    ).toEqual({
      raw: {
        courseId: 'c',
        title: 'T',
        description: 'D',
        price: 12.5,
        thumbnail: '',
        certification: { title: 'CT', description: '' },
      },
      section: 'details',
    });
  });

  it('reads publish as a boolean and returns moves and lesson edits to their item', () => {
    expect(manageInput('publish', form({ courseId: 'c', published: 'true' })).raw).toEqual({
      courseId: 'c',
      published: true,
    });
    expect(manageInput('publish', form({ courseId: 'c', published: 'yes' })).raw.published).toBe(false);
    expect(manageInput('moveUnit', form({ unitId: UNIT, toIndex: '2' }))).toEqual({
      raw: { unitId: UNIT, toIndex: '2' },
      section: `unit-${UNIT}`,
    });
    expect(manageInput('moveLesson', form({ lessonId: LESSON, toIndex: '0' })).section).toBe(
      `lesson-${LESSON}`,
    );
    expect(manageInput('moveLessonToUnit', form({ lessonId: LESSON, toUnitId: UNIT, unitId: UNIT }))).toEqual(
      {
        raw: { lessonId: LESSON, toUnitId: UNIT },
        section: `lesson-${LESSON}`,
      },
    );
    expect(manageInput('updateLesson', form({ lessonId: LESSON, title: 'L' })).raw).toEqual({
      lessonId: LESSON,
      title: 'L',
      body: '',
      videoUrl: '',
    });
  });

  it('never puts a non-id into the return anchor', () => {
    expect(manageInput('moveUnit', form({ unitId: '"><script>' })).section).toBe('units');
    expect(manageInput('deleteLesson', form({ lessonId: LESSON, unitId: 'x y' })).section).toBe('units');
  });

  it('reads the pipeline’s record as it reads FormData, and a field sent twice as empty (the schema refuses it)', () => {
    expect(manageInput('addUnit', { courseId: 'c', title: 'Unit', locale: 'en' }).raw).toEqual({
      courseId: 'c',
      title: 'Unit',
    });
    const twice = new FormData();
    twice.append('unitId', UNIT);
    twice.append('unitId', 'other');
    twice.set('toIndex', '1');
    expect(manageInput('moveUnit', twice)).toEqual({ raw: { unitId: '', toIndex: '1' }, section: 'units' });
    expect(manageInput('deleteUnit', null)).toEqual({ raw: { unitId: '' }, section: 'units' });
  });

  it('parses prices, empty being NaN (rejected by the schema)', () => {
    expect(parsePrice(' 25 ')).toBe(25);
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('')).toBeNaN();
    expect(parsePrice('abc')).toBeNaN();
  });
});

describe('manageStatus', () => {
  it('maps each done op and error code to an existing CourseAdmin message, and ignores anything else', () => {
    for (const op of [...MANAGE_OPS, 'upload']) {
      const status = manageStatus({ done: op });
      expect(status?.ok, op).toBe(true);
      expect(en.CourseAdmin, op).toHaveProperty(status!.key);
    }
    for (const code of [
      'unauthenticated',
      'forbidden',
      'invalid',
      'not-found',
      'other-course',
      'rate-limited',
      'too-large',
      'bad-type',
      'empty',
      'server',
    ]) {
      const status = manageStatus({ error: code });
      expect(status?.ok, code).toBe(false);
      expect(en.CourseAdmin, code).toHaveProperty(status!.key);
    }
    expect(manageStatus({ done: 'constructor' })).toBeNull();
    expect(manageStatus({ error: 'toString' })).toBeNull();
    expect(manageStatus({ done: '<b>hi</b>' })).toBeNull();
    expect(manageStatus({})).toBeNull();
    expect(manageStatus({ done: ['addUnit', 'x'] })).toEqual({ ok: true, key: 'doneAddUnit' });
  });
});
