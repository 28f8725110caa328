import { describe, expect, it } from 'vitest';

import type { CmsEvent } from '@/lib/cms';
import { CONTENT_NOTE_TAG, needsContentNote } from '@/lib/cms/content-note';
import { reshapeEvent, reshapeList, reshapePost } from '@/lib/cms/reshape';
import { findDropIn, formatClock, weekdayName } from '@/lib/help/drop-in';
import { catchAllRedirect } from '@/lib/redirects/catch-all';
import events from '@/content/snapshot/events.json';
import posts from '@/content/snapshot/posts.json';

const snapshotEvents: CmsEvent[] = reshapeList(events, reshapeEvent, {}, 'event');

describe('findDropIn (Get help: the weekly drop-in from the events content)', () => {
  it('finds the pastoral drop-in series of the bundled content while it runs', () => {
    const dropIn = findDropIn(snapshotEvents, new Date('2026-11-25T12:00:00Z'));
    expect(dropIn).toMatchObject({
      slug: 'pastoral-support-drop-in-2025-2028',
      hasTime: true,
      location: 'Hope Street Hall, 12 Chapeltown Road, Leeds, LS7 3AP',
    });
    expect(weekdayName(dropIn!.start, 'en')).toBe('Wednesday');
    expect(formatClock(dropIn!.start, 'en')).toBe('10am');
    expect(formatClock(dropIn!.end!, 'en')).toBe('1pm');
  });

  it('reads the day and hours in each locale', () => {
    const dropIn = findDropIn(snapshotEvents, new Date('2026-11-25T12:00:00Z'))!;
    expect(weekdayName(dropIn.start, 'es')).toBe('miércoles');
    expect(weekdayName(dropIn.start, 'fr')).toBe('mercredi');
    expect(weekdayName(dropIn.start, 'pt')).toBe('quarta-feira');
    expect(formatClock(dropIn.end!, 'fr')).toBe('13:00');
    expect(formatClock(new Date('2026-07-01T17:30:00Z'), 'en')).toBe('6:30pm');
  });

  it('gives nothing once the series is over, or when no event is a drop-in', () => {
    expect(findDropIn(snapshotEvents, new Date('2028-08-01T12:00:00Z'))).toBeNull();
    const others = snapshotEvents.filter((e) => !/drop/i.test(`${e.title} ${String(e.fields.event_type)}`));
    expect(findDropIn(others, new Date('2026-11-25T12:00:00Z'))).toBeNull();
  });

  it('prefers a running series over a later one-off drop-in', () => {
    const series = snapshotEvents.find((e) => e.slug === 'pastoral-support-drop-in-2025-2028')!;
    const oneOff: CmsEvent = {
      ...series,
      id: 9999,
      slug: 'extra-drop-in',
      title: 'Extra drop-in',
      fields: { ...series.fields, event_date: '20261202', event_end_date: '20261202' },
    };
    expect(findDropIn([oneOff, series], new Date('2026-11-25T12:00:00Z'))?.slug).toBe(series.slug);
    expect(findDropIn([oneOff], new Date('2026-11-25T12:00:00Z'))?.slug).toBe('extra-drop-in');
  });
});

describe('content notes (posts tagged content-note)', () => {
  const bySlug = (slug: string) =>
    reshapePost(
      posts.find((p) => p.slug === slug),
      {},
    )!;

  it('reads tag slugs from the embedded terms', () => {
    expect(bySlug('collective-conversation-on-grief').tagSlugs).toEqual([
      'collective-conversations',
      CONTENT_NOTE_TAG,
      'pastoral-support',
    ]);
    expect(reshapePost({ id: 1, slug: 'no-embed' }, {})?.tagSlugs).toEqual([]);
    expect(
      reshapePost(
        {
          id: 1,
          slug: 'odd',
          _embedded: { 'wp:term': [[{ slug: 'content-note', taxonomy: 'category' }], 'x', [null]] },
        },
        {},
      )?.tagSlugs,
    ).toEqual([]);
  });

  it('marks the tagged posts, and only them', () => {
    // The grief conversation, the border-checks briefing and the drop-in launch (review 2026-12-01 §3).
    expect(needsContentNote(bySlug('collective-conversation-on-grief'))).toBe(true);
    expect(needsContentNote(bySlug('migration-and-securitisation-briefing'))).toBe(true);
    expect(needsContentNote(bySlug('pastoral-support-drop-in-launch'))).toBe(true);
    expect(needsContentNote(bySlug('heat-at-home-report-launch'))).toBe(false);
    expect(needsContentNote(bySlug('volunteer-profile-joseph'))).toBe(false);
  });
});

describe('/get-help', () => {
  it('is a reserved slug, not redirected to the blog', () => {
    expect(catchAllRedirect(['get-help'])).toBeNull();
  });
});
