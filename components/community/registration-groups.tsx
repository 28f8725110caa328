'use client';

import { useWatch, type UseFormReturn } from 'react-hook-form';

import { TextField } from '@/components/ui/input';
import { useClientMessages } from '@/i18n/client-messages';
import type { CountryOption } from '@/lib/countries';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_LEVELS,
  INTEREST_OPTIONS,
  MEMBERSHIP_TYPES,
  type Registration,
  type RegistrationInput,
} from '@/lib/volunteers/shared';

import { ChoiceGroup, CountrySelect } from './registration-fields';

/**
 * The field groups of the 'Network Registration' form (components/community/registration-dialog.tsx), in the
 * form's order. Each takes the dialog's react-hook-form instance and its `message` (a schema or server message
 * key → translated text).
 */
type GroupProps = {
  form: UseFormReturn<RegistrationInput, unknown, Registration>;
  message: (key: string | undefined) => string | undefined;
};

/** 'unlearning-racism' → 'UnlearningRacism', for the option labels' message keys. */
const pascal = (value: string) => value.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** Full name, email and phone. */
export function ContactFields({ form: { register, formState }, message }: GroupProps) {
  const t = useClientMessages('Registration');
  const { errors } = formState;
  return (
    <>
      <TextField
        label={t('fullName')}
        required
        autoComplete="name"
        error={message(errors.fullName?.message)}
        {...register('fullName')}
      />
      <TextField
        label={t('email')}
        required
        type="email"
        autoComplete="email"
        error={message(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('phone')}
        required
        type="tel"
        autoComplete="tel"
        error={message(errors.phone?.message)}
        {...register('phone')}
      />
    </>
  );
}

/**
 * Membership type (with the organisation's name for an organisation), interests (with a free-text one when
 * 'other' is ticked), availability, experience and skills.
 */
export function InvolvementFields({ form: { register, formState, control }, message }: GroupProps) {
  const t = useClientMessages('Registration');
  const { errors } = formState;
  const membership = useWatch({ control, name: 'membershipType' });
  const interests = useWatch({ control, name: 'interests' });
  const showOther = Array.isArray(interests) && interests.includes('other');
  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}${pascal(value)}` as never) }));
  return (
    <>
      <ChoiceGroup
        type="radio"
        legend={t('membershipType')}
        required
        error={message(errors.membershipType?.message)}
        options={options(MEMBERSHIP_TYPES, 'membership')}
        registration={register('membershipType')}
      />
      {membership === 'organization' ? (
        <TextField
          label={t('organization')}
          autoComplete="organization"
          error={message(errors.organization?.message)}
          {...register('organization')}
        />
      ) : null}

      <ChoiceGroup
        type="checkbox"
        legend={t('interests')}
        required
        columns
        error={message(errors.interests?.message ?? errors.interests?.root?.message)}
        options={options(INTEREST_OPTIONS, 'interest')}
        registration={register('interests')}
      />
      {showOther ? (
        <TextField
          label={t('customInterest')}
          error={message(errors.customInterest?.message)}
          {...register('customInterest')}
        />
      ) : null}

      <ChoiceGroup
        type="checkbox"
        legend={t('availability')}
        required
        columns
        error={message(errors.availability?.message ?? errors.availability?.root?.message)}
        options={options(AVAILABILITY_OPTIONS, 'availability')}
        registration={register('availability')}
      />

      <ChoiceGroup
        type="radio"
        legend={t('experience')}
        required
        error={message(errors.experience?.message)}
        options={options(EXPERIENCE_LEVELS, 'experience')}
        registration={register('experience')}
      />

      <TextField
        label={t('skills')}
        hint={t('skillsHint')}
        error={message(errors.skills?.message)}
        {...register('skills')}
      />
    </>
  );
}

/** Country and city, side by side on wider screens; both read 'Detecting location...' and wait for the guess. */
export function LocationFields({
  form: { register, formState },
  message,
  detecting,
  countries,
}: GroupProps & { detecting: boolean; countries: CountryOption[] }) {
  const t = useClientMessages('Registration');
  const { errors } = formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <CountrySelect
        label={t('country')}
        placeholder={detecting ? t('detecting') : t('countryPlaceholder')}
        detecting={detecting}
        countries={countries}
        error={message(errors.country?.message)}
        registration={register('country')}
      />
      <TextField
        label={t('city')}
        required
        autoComplete="address-level2"
        placeholder={detecting ? t('detecting') : undefined}
        disabled={detecting}
        error={message(errors.city?.message)}
        {...register('city')}
      />
    </div>
  );
}
