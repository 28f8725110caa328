import { htmlToText } from '@/lib/utils/text';

/**
 * Where an event is, whether it is online, and its registration link (docs/SPEC-NOTES.md §3 Event, §4, §5, §9). Pure.
 */

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The location text, from the first source that has one: `location_details` (venue name, address, city,
 * postcode), `location` (+ `post_code`), a `venue` object or array (venue, city, zip), or a `Location:`/`Venue:`/
 * `Where:` line in the content (3 to 50 characters). Null when none ('Location TBA').
 */
export function eventLocation(fields: Record<string, unknown>, contentHtml = ''): string | null {
  const details = record(fields.location_details);
  if (details) {
    const parts = ['venue_name', 'address', 'city', 'postcode'].map((k) => text(details[k])).filter(Boolean);
    if (parts.length) return parts.join(', ');
  }
  const location = text(fields.location);
  if (location) return [location, text(fields.post_code)].filter(Boolean).join(', ');
  const venues = Array.isArray(fields.venue) ? fields.venue : fields.venue ? [fields.venue] : [];
  for (const venue of venues) {
    const v = record(venue);
    const parts = v
      ? ['venue', 'city', 'zip'].map((k) => text(v[k])).filter(Boolean)
      : [text(venue)].filter(Boolean);
    if (parts.length) return parts.join(', ');
  }
  return contentLocation(contentHtml);
}

/**
 * A `Location:`, `Venue:` or `Where:` line in the content (docs/SPEC-NOTES.md §5: 3 to 50 characters): the rest of that line up
 * to a sentence end. Lines are the content's paragraphs, list items and line breaks.
 */
function contentLocation(contentHtml: string): string | null {
  for (const line of contentHtml.split(/<\/(?:p|li|div|h\d|dd|td)>|<br\s*\/?>|\n/i)) {
    const match = /(?:^|\s)(?:location|venue|where)\s*:\s*(.+)$/i.exec(htmlToText(line));
    if (!match?.[1]) continue;
    const found = (match[1].split(/;|\.\s/)[0] ?? '').replace(/\.$/, '').trim();
    if (found.length >= 3 && found.length <= 50) return found;
  }
  return null;
}

const ONLINE_WORDS = /\b(zoom|online|virtual)\b/i;

/** True when the text mentions zoom, online or virtual (docs/SPEC-NOTES.md §4). */
export function mentionsOnline(value: string | null | undefined): boolean {
  return Boolean(value && ONLINE_WORDS.test(value));
}

/** ACF true/false and the companion plugin's bool: true, 1, '1', 'true'; false, 0, '0', 'false'; else unset. */
function flag(value: unknown): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return null;
}

/**
 * Online (docs/SPEC-NOTES.md §3, §4): when `is_online` is set, when the location mentions zoom, online or virtual, or — for
 * items that give no location and no explicit `is_online: false` — when organizers come as an array (the
 * spec's rule; a known in-person location wins over it, so a vigil on a square with a list of organisers stays
 * in person).
 */
export function isOnlineEvent(fields: Record<string, unknown>, location: string | null): boolean {
  const online = flag(fields.is_online);
  if (online === true) return true;
  if (mentionsOnline(location)) return true;
  if (location || online === false) return false;
  return Array.isArray(fields.organizers) && fields.organizers.length > 0;
}

/**
 * True when the event has a physical place: `location_details`, a `venue`, or a `location` text that is not just
 * an online mention. With `isOnlineEvent` this tells a mixed (hybrid) event.
 */
export function hasPhysicalLocation(fields: Record<string, unknown>): boolean {
  const details = record(fields.location_details);
  if (details && ['venue_name', 'address', 'city', 'postcode'].some((k) => text(details[k]))) return true;
  const venues = Array.isArray(fields.venue) ? fields.venue : [fields.venue];
  for (const venue of venues) {
    const v = record(venue);
    if (v ? ['venue', 'city', 'zip'].some((k) => text(v[k])) : text(venue)) return true;
  }
  const location = text(fields.location);
  return Boolean(location) && !mentionsOnline(location);
}

/**
 * `registration_details.registration_url` or `.url` (or a plain URL string), only when non-empty after trimming
 * (docs/SPEC-NOTES.md §5) and http(s), so a `javascript:` value can never become a link.
 */
export function registrationUrl(fields: Record<string, unknown>): string | null {
  const details = record(fields.registration_details);
  const plain = typeof fields.registration_details === 'string' ? fields.registration_details : undefined;
  for (const candidate of [details?.registration_url, details?.url, plain]) {
    const url = text(candidate);
    if (url && /^https?:\/\//i.test(url)) return url;
  }
  return null;
}

export type EventLinkLabel =
  | 'Register for Event'
  | 'Get Tickets'
  | 'Join Zoom Meeting'
  | 'Join Teams Meeting'
  | 'Join Google Meet'
  | 'Join Webex Meeting'
  | 'Join GoToMeeting'
  | 'View on Meetup'
  | 'View on Facebook'
  | 'Join Event';

const BY_HOST: [RegExp, EventLinkLabel][] = [
  [/(^|\.)zoom\.(us|com)$/, 'Join Zoom Meeting'],
  [/^teams\.(microsoft|live)\.com$/, 'Join Teams Meeting'],
  [/^meet\.google\.com$/, 'Join Google Meet'],
  [/(^|\.)webex\.com$/, 'Join Webex Meeting'],
  [/(^|\.)(gotomeeting\.com|gotomeet\.me|goto\.com)$/, 'Join GoToMeeting'],
  [/(^|\.)meetup\.com$/, 'View on Meetup'],
  [/(^|\.)(facebook\.com|fb\.me|fb\.com)$/, 'View on Facebook'],
  [
    /(^|\.)(eventbrite\.[a-z.]+|ticketsource\.[a-z.]+|tickettailor\.com|ticketmaster\.[a-z.]+|skiddle\.com)$/,
    'Get Tickets',
  ],
  [
    /^(forms\.gle|docs\.google\.com|forms\.office\.com)$|(^|\.)(typeform\.com|jotform\.com|tally\.so)$/,
    'Register for Event',
  ],
];

/** The English label of an event link, chosen by its host (docs/SPEC-NOTES.md §9); 'Join Event' for anything else. */
export function eventLinkLabel(url: string): EventLinkLabel {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return 'Join Event';
  }
  return BY_HOST.find(([pattern]) => pattern.test(host))?.[1] ?? 'Join Event';
}
