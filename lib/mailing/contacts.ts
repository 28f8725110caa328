/**
 * Contact sync records (docs/SPEC-NOTES.md §3) built from what the site stores: pure functions, no I/O.
 */
import type { ContactRecord } from './types';

/** Tags of a newsletter signup when the caller gives none (docs/SPEC-NOTES.md §7 proxy route). */
export const DEFAULT_NEWSLETTER_TAGS: readonly string[] = ['newsletter', 'website'];
/**
 * The only tags a public newsletter signup may ask for (POST /api/mailchimp/subscribe refuses any other): the
 * default pair, the pages the site's own forms sign up from, and the site's interest topics. Tags that mark
 * people (volunteer, staff, donor…) are set by the site itself, never by an anonymous request.
 */
export const NEWSLETTER_TAG_ALLOW_LIST: readonly string[] = [
  ...DEFAULT_NEWSLETTER_TAGS,
  'home',
  'community',
  'events',
  'courses',
  'unlearning-racism',
  'climate-justice',
  'pastoral-support',
  'research',
];
/** The only merge fields (provider attributes) a public signup may set, besides its first and last name. */
export const NEWSLETTER_MERGE_FIELD_ALLOW_LIST: readonly string[] = ['COUNTRY', 'CITY'];
/** Tags of a network registration (docs/SPEC-NOTES.md §3). */
export const VOLUNTEER_TAGS: readonly string[] = ['volunteer', 'website', 'network-member'];
export const VOLUNTEER_SOURCE = 'volunteer-registration';

export interface NewsletterContactOptions {
  firstName?: string;
  lastName?: string;
  /** Default ['newsletter', 'website']. */
  tags?: string[];
  /** Extra provider fields (Mailchimp merge fields, Brevo attributes); kept as customFields. */
  mergeFields?: Record<string, string>;
  /** Default 'website'. */
  source?: string;
}

const clean = (value: string | null | undefined): string | undefined => {
  const v = value?.trim();
  return v ? v : undefined;
};

/** Drops undefined and blank entries, so an adapter never sends an empty field over a stored value. */
function compact<T extends Record<string, string | undefined>>(record: T): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
}

/**
 * The contact record of a newsletter signup: the email (trimmed; providers compare case-insensitively), the
 * optional name, tags (default newsletter, website; blanks and duplicates dropped), source (default 'website'),
 * and `mergeFields` as customFields.
 */
export function newsletterContact(email: string, opts: NewsletterContactOptions = {}): ContactRecord {
  const tags = [...new Set((opts.tags ?? DEFAULT_NEWSLETTER_TAGS).map((t) => t.trim()).filter(Boolean))];
  const customFields = opts.mergeFields ? compact(opts.mergeFields) : {};
  return {
    email: email.trim(),
    ...(clean(opts.firstName) ? { firstName: clean(opts.firstName) } : {}),
    ...(clean(opts.lastName) ? { lastName: clean(opts.lastName) } : {}),
    source: clean(opts.source) ?? 'website',
    tags,
    ...(Object.keys(customFields).length ? { customFields } : {}),
  };
}

/** A network registration as the form submits it (docs/SPEC-NOTES.md §3 registration fields). */
export interface VolunteerContactInput {
  fullName: string;
  email: string;
  phone: string;
  membershipType: string;
  organization?: string | null;
  interests: string[];
  availability: string[];
  experience: string;
  skills: string[];
  country: string;
  city: string;
}

/**
 * The contact record of a network registration (docs/SPEC-NOTES.md §3): firstName is the first word of the name, lastName the
 * rest; source 'volunteer-registration'; tags volunteer, website, network-member; custom fields MEMBERSHIP_TYPE,
 * ORGANIZATION, INTERESTS, AVAILABILITY, EXPERIENCE, SKILLS, COUNTRY, CITY (lists joined with ', ') and
 * VOLUNTEER_TYPE 'network-member'. Empty values are left out. The organisation is also the contact's company.
 */
export function volunteerContact(v: VolunteerContactInput): ContactRecord {
  const [first, ...rest] = v.fullName.trim().split(/\s+/);
  const join = (list: string[]) =>
    list
      .map((s) => s.trim())
      .filter(Boolean)
      .join(', ');
  const organization = clean(v.organization);
  return {
    email: v.email.trim(),
    ...(first ? { firstName: first } : {}),
    ...(rest.length ? { lastName: rest.join(' ') } : {}),
    ...(clean(v.phone) ? { phone: clean(v.phone) } : {}),
    ...(organization ? { company: organization } : {}),
    source: VOLUNTEER_SOURCE,
    tags: [...VOLUNTEER_TAGS],
    customFields: compact({
      MEMBERSHIP_TYPE: v.membershipType,
      ORGANIZATION: organization,
      INTERESTS: join(v.interests),
      AVAILABILITY: join(v.availability),
      EXPERIENCE: v.experience,
      SKILLS: join(v.skills),
      COUNTRY: v.country,
      CITY: v.city,
      VOLUNTEER_TYPE: 'network-member',
    }),
  };
}
