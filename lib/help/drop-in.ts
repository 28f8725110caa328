import type { CmsEvent } from '@/lib/cms';
import { eventPhase, eventView } from '@/lib/events/model';
import { formatClockShort, formatWeekday } from '@/lib/utils/format';

/**
 * The weekly pastoral drop-in, as the Get help page shows it: read from the events content (an event whose
 * `event_type` or title says drop-in), so its day, hours and place are whatever WordPress says, never a copy.
 * Pure: the current time is passed in.
 */
export type DropIn = {
  slug: string;
  title: string;
  /** The first session; its weekday (UK time) is the weekly day. */
  start: Date;
  end: Date | null;
  hasTime: boolean;
  location: string | null;
};

const DROP_IN = /\bdrop[\s-]?in\b/i;

/** Whether an event is a drop-in (its `event_type` or title says so): a support service, shown with 'Exit this page'. */
export function isDropIn(view: { eventType?: string | null; title: string }): boolean {
  return DROP_IN.test(view.eventType ?? '') || DROP_IN.test(view.title);
}

/**
 * The drop-in running now or next: among events typed or titled drop-in that are not over at `now`, an ongoing
 * series first, then the soonest. Null when there is none (the page then points to the events list).
 */
export function findDropIn(events: readonly CmsEvent[], now: Date): DropIn | null {
  const candidates = events
    .map((event) => ({ view: eventView(event), status: event.fields?.event_status }))
    .filter(({ view }) => isDropIn(view))
    .map(({ view, status }) => ({ view, phase: eventPhase(view, now, status) }))
    .filter(({ view, phase }) => view.start && (phase === 'ongoing' || phase === 'upcoming'))
    .sort(
      (a, b) =>
        Number(b.phase === 'ongoing') - Number(a.phase === 'ongoing') ||
        (a.view.start?.getTime() ?? 0) - (b.view.start?.getTime() ?? 0),
    );
  const view = candidates[0]?.view;
  if (!view?.start) return null;
  return {
    slug: view.slug,
    title: view.title,
    start: view.start,
    end: view.end,
    hasTime: view.hasTime,
    location: view.location,
  };
}

/** `10:00` → `10am`, `18:30` → `6:30pm` in English (UK style); 24-hour `10:00` in the other locales. UK time. */
export const formatClock = formatClockShort;

/** The weekday of the first session in the locale's words (`Wednesday`, `miércoles`), UK time. */
export const weekdayName = formatWeekday;
