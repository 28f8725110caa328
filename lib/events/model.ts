import type { CmsEvent, CmsImage } from '@/lib/cms';
import { htmlToText, truncateAtWord } from '@/lib/utils/text';
import { isVideoFile, youtubeEmbedUrl, youtubeId, youtubeThumbnail } from '@/lib/utils/video';

import type { CalendarEvent } from './calendar';
import { addDays, eventTimes, londonParts, londonToUtc, parseEventDate, parseEventTime } from './parse';
import {
  eventLinkLabel,
  eventLocation,
  hasPhysicalLocation,
  isOnlineEvent,
  registrationUrl,
  type EventLinkLabel,
} from './place';
import { detectRecurrence, lastSession, rrule, sessions, type Recurrence, type Session } from './recurrence';

/**
 * The events pages' view of a WordPress event (docs/SPEC-NOTES.md §2 Single event, §3 Event, §4, §5, §9): everything the list,
 * the single page, the ICS files and the JSON-LD need, computed once from a `CmsEvent` (whose HTML and URLs
 * lib/cms has already sanitised). Pure: the current time is always passed in.
 */

/** docs/SPEC-NOTES.md §9: the 'About the event' text is the excerpt cut to 200 characters. */
export const EVENT_EXCERPT_LENGTH = 200;
/** docs/SPEC-NOTES.md §9: events are read 50 to a page; the list shows at most this many. */
export const EVENTS_PAGE_SIZE = 50;

export type Attendance = 'online' | 'offline' | 'mixed';
/** Where the event stands at a given time; `unscheduled` when its date is unreadable ('Date TBA'). */
export type EventPhase = 'upcoming' | 'ongoing' | 'past' | 'unscheduled';
/** schema.org's EventStatusType, from `acf.event_status` (anything unrecognised is scheduled). */
export type ScheduleStatus = 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled' | 'movedOnline';

export type EventPerson = { name: string; role: string | null };
/** Speakers or organizers: those with a name (objects with `post_title` or `name`), and how many in all. */
export type EventPeople = { named: EventPerson[]; count: number };

export type EventVideo =
  | { kind: 'youtube'; id: string; embedUrl: string; thumbnailUrl: string }
  | { kind: 'file'; url: string; mimeType: string };

export type EventAddress = {
  name: string | null;
  street: string | null;
  city: string | null;
  postcode: string | null;
};

export type EventView = {
  id: number;
  slug: string;
  title: string;
  /** Plain text for 'About the event': the excerpt (else the body's text) cut at a word to 200 characters. */
  summary: string;
  image: CmsImage | null;
  html: string;
  /** UTC instants; null start means 'Date TBA'. For a series, the first session's start and end. */
  start: Date | null;
  end: Date | null;
  /** How a series repeats (lib/events/recurrence.ts); null for a one-off event. */
  recurrence: Recurrence | null;
  /** False for date-only (all-day) events. */
  hasTime: boolean;
  /**
   * When the event is over: its end (a series: its last session's), or for all-day events the midnight after its
   * last day (UK time).
   */
  endsAt: Date | null;
  /** Null means 'Location TBA'. */
  location: string | null;
  address: EventAddress | null;
  online: boolean;
  attendance: Attendance;
  registration: { url: string; label: EventLinkLabel } | null;
  video: EventVideo | null;
  speakers: EventPeople | null;
  organizers: EventPeople | null;
  /** Sanitised HTML, '' when absent (then the section is not shown). */
  agenda: string;
  resources: string;
  followUp: string;
  eventType: string | null;
  status: ScheduleStatus;
  /** UTC, as `CmsEvent.modified`. */
  modified: string;
};

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * ACF's `event_date`/`event_time`… when readable, else the top-level `start_date`/`end_date` of events plugins
 * (`2027-01-15 18:30:00`), split into the same fields so one parser handles both.
 */
function scheduleFields(event: Pick<CmsEvent, 'fields' | 'startDate' | 'endDate'>): Record<string, unknown> {
  const fields = event.fields;
  if (parseEventDate(fields.event_date) || !event.startDate) return fields;
  const split = (value: string | null) => {
    const [date, time] = (value ?? '').trim().split(/[T\s]+/);
    return { date: date || undefined, time: time || undefined };
  };
  const start = split(event.startDate);
  const end = split(event.endDate);
  return {
    ...fields,
    event_date: start.date,
    event_time: str(fields.event_time) ?? start.time,
    event_end_date: end.date,
    event_end_time: str(fields.event_end_time) ?? end.time,
  };
}

/**
 * Speakers or organizers (docs/SPEC-NOTES.md §3): objects with `post_title` (an ACF relationship) or `name` are shown by name
 * (with `role` when given); other entries (IDs of a plain list) are only counted. A plain string is one name.
 * Null when there are none.
 */
export function eventPeople(value: unknown): EventPeople | null {
  const items = Array.isArray(value) ? value : str(value) ? [value] : [];
  const present = items.filter(
    (item) => item !== null && item !== undefined && item !== '' && item !== false,
  );
  if (present.length === 0) return null;
  const named: EventPerson[] = [];
  for (const item of present) {
    const r = record(item);
    const name = r
      ? (str(r.post_title) ?? str(r.name))
      : typeof item === 'string' && !/^\d+$/.test(item.trim())
        ? str(item)
        : null;
    if (name) {
      const role = r ? (str(r.role) ?? str(r.job_title)) : null;
      named.push({ name: htmlToText(name), role: role ? htmlToText(role) : null });
    }
  }
  return { named, count: present.length };
}

const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  mov: 'video/quicktime',
};

/** A YouTube link (11-character id, hqdefault thumbnail) or a video file (mp4, webm, ogg, mov); else null (docs/SPEC-NOTES.md §9). */
export function eventVideo(url: string | null): EventVideo | null {
  if (!url) return null;
  const id = youtubeId(url);
  if (id) return { kind: 'youtube', id, embedUrl: youtubeEmbedUrl(id), thumbnailUrl: youtubeThumbnail(id) };
  if (!isVideoFile(url) || !/^(https?:\/\/|\/(?!\/))/i.test(url)) return null;
  const ext = /\.(mp4|webm|ogg|mov)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? 'mp4';
  return { kind: 'file', url, mimeType: VIDEO_TYPES[ext] ?? 'video/mp4' };
}

/** `acf.event_status` → schema.org status; upcoming, ongoing, completed and anything else are 'scheduled'. */
export function scheduleStatus(value: unknown): ScheduleStatus {
  const s = (str(value) ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  if (s === 'cancelled' || s === 'canceled') return 'cancelled';
  if (s === 'postponed') return 'postponed';
  if (s === 'rescheduled') return 'rescheduled';
  if (s === 'movedonline') return 'movedOnline';
  return 'scheduled';
}

function address(fields: Record<string, unknown>): EventAddress | null {
  const details = record(fields.location_details);
  if (details) {
    const a = {
      name: str(details.venue_name),
      street: str(details.address),
      city: str(details.city),
      postcode: str(details.postcode),
    };
    if (a.name || a.street || a.city || a.postcode) return a;
  }
  const venues = Array.isArray(fields.venue) ? fields.venue : [fields.venue];
  for (const venue of venues) {
    const v = record(venue);
    if (v && (str(v.venue) || str(v.city) || str(v.zip))) {
      return { name: str(v.venue), street: str(v.address), city: str(v.city), postcode: str(v.zip) };
    }
  }
  return null;
}

/** For all-day events the end is the midnight (UK) after the last day, so they stay current all day. */
function endOfEvent(start: Date | null, end: Date | null, hasTime: boolean): Date | null {
  if (!start || !end) return null;
  if (hasTime) return end;
  return londonToUtc(addDays(londonParts(end), 1));
}

function firstSessionEnd(
  start: Date,
  day: { year: number; month: number; day: number },
  schedule: Record<string, unknown>,
  hasTime: boolean,
): Date {
  const endTime = hasTime ? parseEventTime(schedule.event_end_time) : null;
  if (endTime) {
    const sameDay = londonToUtc(day, endTime);
    if (sameDay.getTime() > start.getTime()) return sameDay;
    const nextDay = londonToUtc(addDays(day, 1), endTime);
    if (nextDay.getTime() - start.getTime() < 86_400_000) return nextDay;
  }
  return new Date(start.getTime() + 3_600_000);
}

/** Builds the view of one event. Never throws: unreadable fields give their TBA/empty values. */
export function eventView(event: CmsEvent): EventView {
  const fields = event.fields ?? {};
  const schedule = scheduleFields(event);
  const times = eventTimes(schedule);
  const { start, hasTime } = times;
  const firstDay = parseEventDate(schedule.event_date);
  const recurrence =
    start && firstDay
      ? detectRecurrence(
          schedule,
          { title: event.title, excerpt: event.excerpt, body: htmlToText(event.html) },
          firstDay,
          parseEventDate(schedule.event_end_date),
          hasTime,
        )
      : null;
  // A series' dates run from its first to its last day; one session ends on its first day (or the next, past midnight).
  const end = recurrence && start && firstDay ? firstSessionEnd(start, firstDay, schedule, hasTime) : times.end;
  const last = recurrence && start && end ? lastSession({ start, end }, recurrence) : null;
  const location = eventLocation(fields, event.html);
  const online = isOnlineEvent(fields, location);
  const physical = hasPhysicalLocation(fields);
  const regUrl = registrationUrl(fields);
  const summarySource = event.excerpt || htmlToText(event.html);
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    summary: truncateAtWord(summarySource, EVENT_EXCERPT_LENGTH),
    image: event.image,
    html: event.html,
    start,
    end,
    recurrence,
    hasTime,
    endsAt: last ? endOfEvent(last.start, last.end, hasTime) : endOfEvent(start, end, hasTime),
    location,
    address: address(fields),
    online,
    attendance: online ? (physical ? 'mixed' : 'online') : 'offline',
    registration: regUrl ? { url: regUrl, label: eventLinkLabel(regUrl) } : null,
    video: eventVideo(event.videoUrl ?? null),
    speakers: eventPeople(fields.speakers),
    organizers: eventPeople(fields.organizers),
    agenda: event.agenda ?? '',
    resources: event.resources ?? '',
    followUp: event.followUp ?? '',
    eventType: str(fields.event_type) ? htmlToText(String(fields.event_type)) : null,
    status: scheduleStatus(fields.event_status),
    modified: event.modified,
  };
}

/**
 * The time window (start to `endsAt`-style end) of the session that is on at `now` or comes next: the event itself
 * for a one-off, one session for a series. Null when it is over or has no date.
 */
export function currentOrNextSession(
  view: Pick<EventView, 'start' | 'end' | 'endsAt' | 'hasTime' | 'recurrence'>,
  now: Date,
): Session | null {
  if (!view.start || !view.endsAt) return null;
  if (!view.recurrence || !view.end) {
    return view.endsAt.getTime() > now.getTime() ? { start: view.start, end: view.endsAt } : null;
  }
  // All-day sessions last until midnight, so look from a day back and keep the first window still open.
  const from = new Date(now.getTime() - 86_400_000);
  for (const s of sessions({ start: view.start, end: view.end }, view.recurrence, from, 3)) {
    const window = { start: s.start, end: endOfEvent(s.start, s.end, view.hasTime) ?? s.end };
    if (window.end.getTime() > now.getTime()) return window;
  }
  return null;
}

/**
 * The next `limit` session windows (as ms since the epoch) from `now`, for the browser to keep 'Happening now'
 * true while a cached page is shown (components/events/phase-badge.tsx).
 */
export function sessionWindows(
  view: Pick<EventView, 'start' | 'end' | 'endsAt' | 'hasTime' | 'recurrence'>,
  now: Date,
  // A year of weekly sessions: a page cached long ago (ISR re-renders hourly) still knows when each session is.
  limit = 60,
): [number, number][] {
  if (!view.start || !view.endsAt) return [];
  if (!view.recurrence || !view.end) return [[view.start.getTime(), view.endsAt.getTime()]];
  const from = new Date(now.getTime() - 86_400_000);
  return sessions({ start: view.start, end: view.end }, view.recurrence, from, limit).map((s) => [
    s.start.getTime(),
    (endOfEvent(s.start, s.end, view.hasTime) ?? s.end).getTime(),
  ]);
}

/**
 * Where an event stands at `now`: 'ongoing' only while it (for a series: one of its sessions) is on, in UK time.
 * Without a date it is `unscheduled`, unless WordPress marks it completed (past).
 */
export function eventPhase(
  view: Pick<EventView, 'start' | 'endsAt'> & Partial<Pick<EventView, 'end' | 'hasTime' | 'recurrence'>>,
  now: Date,
  rawStatus?: unknown,
): EventPhase {
  if (!view.start || !view.endsAt) {
    return (str(rawStatus) ?? '').toLowerCase() === 'completed' ? 'past' : 'unscheduled';
  }
  const session = currentOrNextSession(
    { end: null, hasTime: true, recurrence: null, ...view },
    now,
  );
  if (!session) return 'past';
  return session.start.getTime() <= now.getTime() ? 'ongoing' : 'upcoming';
}

/** A listed event, where it stands, and the start it is sorted by (a series: its current or next session). */
export type EventListItem = { view: EventView; phase: EventPhase; at: Date | null };

/**
 * The events list order (docs/SPEC-NOTES.md §2): upcoming events first, soonest first (ongoing ones lead, then dated upcoming
 * ones, then those with no date yet), then past events, most recent first. At most `limit` in all (docs/SPEC-NOTES.md §9: 50),
 * keeping every upcoming event before any past one.
 */
export function orderEvents(
  events: readonly CmsEvent[],
  now: Date,
  limit = EVENTS_PAGE_SIZE,
): { upcoming: EventListItem[]; past: EventListItem[] } {
  const items = events.map((e) => {
    const view = eventView(e);
    // A series sorts by its current or next session, not by the day it began.
    const at = (view.recurrence ? currentOrNextSession(view, now)?.start : null) ?? view.start;
    return { view, phase: eventPhase(view, now, e.fields?.event_status), at };
  });
  const time = (i: EventListItem) => i.at?.getTime() ?? Number.POSITIVE_INFINITY;
  const upcoming = items
    .filter((i) => i.phase !== 'past')
    .sort((a, b) => time(a) - time(b) || a.view.title.localeCompare(b.view.title));
  const past = items
    .filter((i) => i.phase === 'past')
    .sort((a, b) => {
      // Undated past items (WordPress says completed) go last.
      const ta = a.view.start?.getTime() ?? Number.NEGATIVE_INFINITY;
      const tb = b.view.start?.getTime() ?? Number.NEGATIVE_INFINITY;
      return tb - ta || a.view.title.localeCompare(b.view.title);
    });
  const keptUpcoming = upcoming.slice(0, limit);
  return { upcoming: keptUpcoming, past: past.slice(0, Math.max(0, limit - keptUpcoming.length)) };
}

/** The same order as one list (for static params and the sitemap-like uses). */
export function orderedEvents(events: readonly CmsEvent[], now: Date, limit = EVENTS_PAGE_SIZE): EventView[] {
  const { upcoming, past } = orderEvents(events, now, limit);
  return [...upcoming, ...past].map((i) => i.view);
}

/**
 * The "Add to calendar" event (Google, Outlook, Yahoo links; docs/SPEC-NOTES.md §7), or null when there is no date
 * or nothing left to attend at `now`. A series starts from its current or next session and carries its rule, so
 * the calendar gets every session rather than one block from the first day to the last.
 */
export function calendarEvent(view: EventView, pageUrl: string, now: Date): CalendarEvent | null {
  if (!view.start || !view.end) return null;
  const base = { title: view.title, description: view.summary, location: view.location ?? '', url: pageUrl };
  if (!view.recurrence) {
    return view.endsAt && view.endsAt.getTime() <= now.getTime() ? null : { ...base, start: view.start, end: view.end };
  }
  const first = { start: view.start, end: view.end };
  const [next] = sessions(first, view.recurrence, now, 1);
  const last = lastSession(first, view.recurrence);
  if (!next || !last) return null;
  return {
    ...base,
    start: next.start,
    end: next.end,
    repeat: {
      rrule: rrule(first, view.recurrence, view.hasTime),
      freq: view.recurrence.freq,
      interval: view.recurrence.interval,
      lastEnd: last.end,
    },
  };
}

/**
 * The generic 'Community Event' stand-in shown when the event could not be loaded at all (docs/SPEC-NOTES.md §2, §8): no date,
 * no place, no actions. `title` and `summary` come translated from the page.
 */
export function fallbackEventView(slug: string, title: string, summary: string): EventView {
  return {
    id: 0,
    slug,
    title,
    summary,
    image: null,
    html: '',
    start: null,
    end: null,
    recurrence: null,
    hasTime: false,
    endsAt: null,
    location: null,
    address: null,
    online: false,
    attendance: 'offline',
    registration: null,
    video: null,
    speakers: null,
    organizers: null,
    agenda: '',
    resources: '',
    followUp: '',
    eventType: null,
    status: 'scheduled',
    modified: '',
  };
}

/**
 * The details line of the 'Error loading event...' banner: the CMS layer's message (docs/SPEC-NOTES.md §8 texts such as
 * 'Failed to fetch event by slug: 502 Bad Gateway', safe to show), else only the error's kind, so file paths or
 * internals of other errors never reach the page.
 */
export function eventErrorDetails(error: unknown): string {
  if (error instanceof Error && error.name === 'CmsError' && error.message) return error.message;
  if (error instanceof Error) return `Unexpected error (${error.name || 'Error'})`;
  return 'Unexpected error';
}
