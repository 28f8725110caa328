import { z } from 'zod';

/**
 * The Network Registration form (docs/SPEC-NOTES.md §3 fields and options, §5 rules): one zod schema for the browser
 * (react-hook-form's zodResolver) and the server (lib/volunteers/handler.ts through lib/safe-action.ts). No
 * server-only imports. Errors are message keys of the `Registration` namespace, translated in the browser.
 */

export const MEMBERSHIP_TYPES = ['individual', 'organization'] as const;
export const INTEREST_OPTIONS = [
  'unlearning-racism',
  'climate-justice',
  'pastoral-support',
  'events',
  'research',
  'social-media',
  'other',
] as const;
export const AVAILABILITY_OPTIONS = ['weekdays', 'weekends', 'evenings', 'flexible'] as const;
export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'experienced'] as const;

export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];
export type Interest = (typeof INTEREST_OPTIONS)[number];
export type Availability = (typeof AVAILABILITY_OPTIONS)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** Upper bounds (characters or items), so no field can carry megabytes into the database. */
export const REGISTRATION_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  organization: 200,
  customInterest: 200,
  skills: 20,
  skill: 100,
  skillsText: 2_000,
  country: 100,
  city: 100,
} as const;

const L = REGISTRATION_LIMITS;

/**
 * A phone number as people write it (docs/SPEC-NOTES.md §5: at least 10 characters, 'Please enter a valid phone
 * number'): digits with an optional leading `+` and the usual separators (spaces, `-`, `.`, `/`, brackets), so
 * '+44 7700 900123' and '(0113) 496-0123' pass and 'abcdefghij' does not.
 */
export const PHONE_PATTERN = /^\+?[\d\s().\/-]+$/;
/** Fewest digits in a phone number (the shortest national numbers have 7); '----------' is not one. */
export const PHONE_MIN_DIGITS = 7;

/** Trimmed text with a minimum and maximum length; a missing or non-string value gets the minimum's key. */
const text = (min: number, max: number, minKey: string, maxKey: string) =>
  z.string({ error: minKey }).trim().min(min, { error: minKey }).max(max, { error: maxKey });

/** A checkbox group: react-hook-form gives an array, FormData a string or array, nothing gives false/undefined. */
const choices = <T extends readonly [string, ...string[]]>(options: T, requiredKey: string, maxKey: string) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || value === false
        ? []
        : typeof value === 'string'
          ? [value]
          : value,
    z
      .array(z.enum(options, { error: 'invalidOption' }), { error: requiredKey })
      .min(1, { error: requiredKey })
      .max(options.length, { error: maxKey })
      // The same box sent twice counts once.
      .transform((list) => [...new Set(list)]),
  );

/** Skills: free text split on commas (or an array from an API client), trimmed, empty entries dropped. */
const skills = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return [];
    if (typeof value === 'string') {
      if (value.length > L.skillsText) return value; // fails the array check below with skillsMax
      return value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }
    if (Array.isArray(value))
      return value.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
    return value;
  },
  z
    .array(z.string({ error: 'skillMax' }).max(L.skill, { error: 'skillMax' }), { error: 'skillsMax' })
    .max(L.skills, { error: 'skillsMax' }),
);

const optionalText = (max: number, maxKey: string) =>
  z.preprocess(
    (value) => (value === null ? undefined : value),
    z.string({ error: maxKey }).trim().max(max, { error: maxKey }).optional(),
  );

export const registrationSchema = z
  .object({
    fullName: text(2, L.name, 'nameMin', 'nameMax'),
    email: z
      .string({ error: 'emailInvalid' })
      .trim()
      .max(L.email, { error: 'emailInvalid' })
      .pipe(z.email({ error: 'emailInvalid' })),
    phone: text(10, L.phone, 'phoneMin', 'phoneMax')
      .regex(PHONE_PATTERN, { error: 'phoneInvalid' })
      .refine((value) => (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS, { error: 'phoneInvalid' }),
    membershipType: z.enum(MEMBERSHIP_TYPES, { error: 'membershipRequired' }),
    organization: optionalText(L.organization, 'organizationMax'),
    interests: choices(INTEREST_OPTIONS, 'interestsRequired', 'invalidOption'),
    // Shown when 'other' is ticked; deliberately not required (docs/SPEC-NOTES.md §5).
    customInterest: optionalText(L.customInterest, 'customInterestMax'),
    availability: choices(AVAILABILITY_OPTIONS, 'availabilityRequired', 'invalidOption'),
    experience: z.enum(EXPERIENCE_LEVELS, { error: 'experienceRequired' }),
    skills,
    country: text(2, L.country, 'countryRequired', 'countryMax'),
    city: text(2, L.city, 'cityMin', 'cityMax'),
  })
  .transform(({ organization, customInterest, ...rest }) => ({
    ...rest,
    // Only an organisation's representative names one; a value left over from switching type is dropped.
    organization: rest.membershipType === 'organization' && organization ? organization : undefined,
    customInterest: rest.interests.includes('other') && customInterest ? customInterest : undefined,
  }));

/** What the form fields hold (before parsing). */
export type RegistrationInput = z.input<typeof registrationSchema>;
/** What the server stores from (after parsing). */
export type Registration = z.output<typeof registrationSchema>;

/** Every field name, in form order (for applyFailure and focus on the first error). */
export const REGISTRATION_FIELDS = [
  'fullName',
  'email',
  'phone',
  'membershipType',
  'organization',
  'interests',
  'customInterest',
  'availability',
  'experience',
  'skills',
  'country',
  'city',
] as const;

/** The form's empty state: experience defaults to beginner (docs/SPEC-NOTES.md §3). */
export const REGISTRATION_DEFAULTS = {
  fullName: '',
  email: '',
  phone: '',
  membershipType: undefined,
  organization: '',
  interests: [],
  customInterest: '',
  availability: [],
  experience: 'beginner',
  skills: '',
  country: '',
  city: '',
} as const;
