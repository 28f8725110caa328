import { htmlToText } from '@/lib/cms/text';

/**
 * Where an event is, whether it is online, and its registration link (spec §3 Event, §4, §5, §9). Pure.
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
  const match = /(?:^|\s)(?:location|venue|where)\s*:\s*([^\n.;]+)/i.exec(
    htmlToText(contentHtml.replace(/<\/(p|li|div|h\d)>|<br\s*\/?>/gi, '\n')).replace(/ {2,}/g, ' '),
  );
  const found = match?.[1]?.trim() ?? '';
  return found.length >= 3 && found.length <= 50 ? found : null;
}

/** Online when flagged, when the location mentions zoom, online or virtual, or when organizers come as an array. */
export function isOnlineEvent(fields: Record<string, unknown>, location: string | null): boolean {
  if (
    fields.is_online === true ||
    fields.is_online === 1 ||
    fields.is_online === '1' ||
    fields.is_online === 'true'
  ) {
    return true;
  }
  if (location && /\b(zoom|online|virtual)\b/i.test(location)) return true;
  return Array.isArray(fields.organizers) && fields.organizers.length > 0 && !record(fields.location_details);
}

/** `registration_details.registration_url` or `.url`, only when non-empty after trimming and http(s). */
export function registrationUrl(fields: Record<string, unknown>): string | null {
  const details = record(fields.registration_details);
  for (const candidate of [details?.registration_url, details?.url]) {
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

/** The English label of an event link, chosen by its host (spec §9); 'Join Event' for anything else. */
export function eventLinkLabel(url: string): EventLinkLabel {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return 'Join Event';
  }
  return BY_HOST.find(([pattern]) => pattern.test(host))?.[1] ?? 'Join Event';
}
