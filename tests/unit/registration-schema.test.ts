import { describe, expect, it } from 'vitest';

import { fieldErrors } from '@/lib/safe-action';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_LEVELS,
  INTEREST_OPTIONS,
  MEMBERSHIP_TYPES,
  REGISTRATION_DEFAULTS,
  REGISTRATION_FIELDS,
  registrationSchema,
} from '@/lib/volunteers/schema';
import en from '@/messages/en.json';

const valid = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.org',
  phone: '0113 496 0123',
  membershipType: 'individual',
  interests: ['events'],
  availability: ['weekends'],
  experience: 'beginner',
  country: 'GB',
  city: 'Leeds',
};

/** The message key zod gives for `field` when the valid input is changed by `patch`. */
function keyFor(patch: Record<string, unknown>, field: string): string | undefined {
  const result = registrationSchema.safeParse({ ...valid, ...patch });
  return result.success ? undefined : fieldErrors(result.error)[field];
}

describe('registration options (docs/SPEC-NOTES.md §3)', () => {
  it('has the spec option lists, beginner as the default experience', () => {
    expect(MEMBERSHIP_TYPES).toEqual(['individual', 'organization']);
    expect(INTEREST_OPTIONS).toEqual([
      'unlearning-racism',
      'climate-justice',
      'pastoral-support',
      'events',
      'research',
      'social-media',
      'other',
    ]);
    expect(AVAILABILITY_OPTIONS).toEqual(['weekdays', 'weekends', 'evenings', 'flexible']);
    expect(EXPERIENCE_LEVELS).toEqual(['beginner', 'intermediate', 'experienced']);
    expect(REGISTRATION_DEFAULTS.experience).toBe('beginner');
    expect(REGISTRATION_FIELDS).toHaveLength(12);
  });
});

describe('registration rules (docs/SPEC-NOTES.md §5)', () => {
  it('accepts a valid registration, trimmed', () => {
    const out = registrationSchema.parse({ ...valid, fullName: '  Ada Lovelace ', city: ' Leeds ' });
    expect(out).toMatchObject({ fullName: 'Ada Lovelace', city: 'Leeds', skills: [] });
  });

  it.each([
    ['fullName', { fullName: 'A' }, 'nameMin'],
    ['fullName', { fullName: '  A  ' }, 'nameMin'],
    ['fullName', { fullName: undefined }, 'nameMin'],
    ['fullName', { fullName: 'x'.repeat(201) }, 'nameMax'],
    ['email', { email: 'ada@' }, 'emailInvalid'],
    ['email', { email: '' }, 'emailInvalid'],
    ['email', { email: `${'a'.repeat(250)}@example.org` }, 'emailInvalid'],
    ['phone', { phone: '012345678' }, 'phoneMin'],
    ['phone', { phone: '1'.repeat(41) }, 'phoneMax'],
    // Ten characters are not a phone number (back-office review D20): letters, or separators without digits.
    ['phone', { phone: 'abcdefghij' }, 'phoneInvalid'],
    ['phone', { phone: '0113 496 0123 ext' }, 'phoneInvalid'],
    ['phone', { phone: '+44 =1+2+3+4' }, 'phoneInvalid'],
    ['phone', { phone: '----------' }, 'phoneInvalid'],
    ['phone', { phone: '(01) 2-3 4.5' }, 'phoneInvalid'],
    ['membershipType', { membershipType: undefined }, 'membershipRequired'],
    ['membershipType', { membershipType: 'admin' }, 'membershipRequired'],
    ['organization', { membershipType: 'organization', organization: 'x'.repeat(201) }, 'organizationMax'],
    ['interests', { interests: [] }, 'interestsRequired'],
    ['interests', { interests: false }, 'interestsRequired'],
    ['interests', { interests: ['hacking'] }, 'invalidOption'],
    ['interests', { interests: Array.from({ length: 10_000 }, () => 'events') }, 'invalidOption'],
    ['customInterest', { interests: ['other'], customInterest: 'x'.repeat(201) }, 'customInterestMax'],
    ['availability', { availability: [] }, 'availabilityRequired'],
    ['availability', { availability: ['always'] }, 'invalidOption'],
    ['experience', { experience: undefined }, 'experienceRequired'],
    ['experience', { experience: 'expert' }, 'experienceRequired'],
    ['skills', { skills: Array.from({ length: 21 }, (_, i) => `s${i}`).join(',') }, 'skillsMax'],
    ['skills', { skills: 'x'.repeat(101) }, 'skillMax'],
    ['skills', { skills: 'x,'.repeat(5_000) }, 'skillsMax'],
    ['country', { country: 'G' }, 'countryRequired'],
    ['country', { country: '' }, 'countryRequired'],
    ['country', { country: 'x'.repeat(101) }, 'countryMax'],
    ['city', { city: 'L' }, 'cityMin'],
    ['city', { city: 'x'.repeat(101) }, 'cityMax'],
  ])('%s: %j → %s', (field, patch, key) => {
    expect(keyFor(patch, field)).toBe(key);
  });

  it('has an English message for every key the schema can give, with the spec wording', () => {
    const messages = en.Registration as Record<string, string>;
    const keys = [
      'nameMin',
      'nameMax',
      'emailInvalid',
      'phoneMin',
      'phoneMax',
      'phoneInvalid',
      'membershipRequired',
      'organizationMax',
      'interestsRequired',
      'customInterestMax',
      'availabilityRequired',
      'experienceRequired',
      'skillsMax',
      'skillMax',
      'countryRequired',
      'countryMax',
      'cityMin',
      'cityMax',
      'invalidOption',
      'invalid',
    ];
    for (const key of keys) expect(messages[key], key).toBeTruthy();
    expect(messages).toMatchObject({
      nameMin: 'Name must be at least 2 characters',
      emailInvalid: 'Please enter a valid email address',
      phoneMin: 'Please enter a valid phone number',
      phoneInvalid: 'Please enter a valid phone number',
      membershipRequired: 'Please select your membership type',
      interestsRequired: 'Please select an area of interest',
      availabilityRequired: 'Please select your availability',
      experienceRequired: 'Please select your experience level',
      countryRequired: 'Please select your country',
      cityMin: 'Please enter your city',
    });
  });

  it.each(['+44 7700 900123', '0113 496 0123', '(0113) 496-0123', '+33 1.23.45.67.89', '0044/113/4960123'])(
    'takes the phone number %s as written',
    (phone) => {
      expect(registrationSchema.parse({ ...valid, phone }).phone).toBe(phone);
    },
  );

  it('keeps the organisation only for organisation representatives', () => {
    expect(registrationSchema.parse({ ...valid, organization: 'Left over' }).organization).toBeUndefined();
    expect(
      registrationSchema.parse({ ...valid, membershipType: 'organization', organization: ' Collective ' })
        .organization,
    ).toBe('Collective');
    expect(
      registrationSchema.parse({ ...valid, membershipType: 'organization', organization: '' }).organization,
    ).toBeUndefined();
  });

  it("keeps the other interest only when 'other' is ticked, and never requires it", () => {
    expect(registrationSchema.parse({ ...valid, customInterest: 'Poetry' }).customInterest).toBeUndefined();
    expect(
      registrationSchema.parse({ ...valid, interests: ['other'], customInterest: 'Poetry' }).customInterest,
    ).toBe('Poetry');
    expect(registrationSchema.safeParse({ ...valid, interests: ['other'] }).success).toBe(true);
  });

  it('splits skills on commas, dropping blanks; takes an array as is; counts a repeated box once', () => {
    expect(
      registrationSchema.parse({ ...valid, skills: ' design, ,translation ,first aid,' }).skills,
    ).toEqual(['design', 'translation', 'first aid']);
    expect(registrationSchema.parse({ ...valid, skills: ['a', ' b '] }).skills).toEqual(['a', 'b']);
    expect(registrationSchema.parse({ ...valid, interests: 'events' }).interests).toEqual(['events']);
    expect(registrationSchema.parse({ ...valid, interests: ['events', 'events'] }).interests).toEqual([
      'events',
    ]);
  });

  it('drops unknown keys', () => {
    const out = registrationSchema.parse({ ...valid, isAdmin: true, id: 'x' }) as Record<string, unknown>;
    expect(out.isAdmin).toBeUndefined();
    expect(out.id).toBeUndefined();
  });
});
