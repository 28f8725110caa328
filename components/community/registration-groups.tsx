'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';

import { TextField } from '@/components/ui/input';
import { useClientMessages } from '@/i18n/client-messages';
import type { CountryOption } from '@/lib/countries';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_LEVELS,
  INTEREST_OPTIONS,
  MEMBERSHIP_TYPES,
  type RegistrationInput,
} from '@/lib/volunteers/shared';

import { ChoiceGroup, CountrySelect } from './registration-fields';

/**
 * The field groups of the 'Network Registration' form (registration-form.tsx in the dialog, registration-page-form.tsx
 * on /community/register), in the form's order. Each takes the form's fields (`form`: react-hook-form's
 * instance in the dialog; on the page plain named fields with the server's errors, so that page loads neither
 * react-hook-form nor zod) and its `message` (a schema or server message key → translated text).
 */
export type RegistrationFields = {
  /** The props of the field `name`: at least its name (react-hook-form adds its ref and handlers). */
  register: (name: keyof RegistrationInput & string) => { name: string } & Partial<UseFormRegisterReturn>;
  formState: {
    errors: Partial<
      Record<keyof RegistrationInput & string, { message?: string; root?: { message?: string } } | undefined>
    >;
  };
};

type GroupProps = {
  form: RegistrationFields;
  message: (key: string | undefined) => string | undefined;
  /**
   * The form's first values (registration-form.tsx `registrationValues`), also written into the server HTML:
   * react-hook-form sets its values only once hydrated, and a form without JavaScript shows what it was sent.
   */
  initial: RegistrationInput;
  /** The id of a field's control (a group's first box): where the error summary's link for it leads. */
  idFor: (name: keyof RegistrationInput & string) => string;
};

/** A first value as text for a field's `defaultValue`. */
const text = (initial: RegistrationInput, name: keyof RegistrationInput): string => {
  const value = initial[name];
  return typeof value === 'string' ? value : '';
};

/** A group's first ticked values. */
const list = (initial: RegistrationInput, name: keyof RegistrationInput): string[] => {
  const value = initial[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

/** 'unlearning-racism' → 'UnlearningRacism', for the option labels' message keys. */
const pascal = (value: string) => value.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** Full name, email and phone. */
export function ContactFields({ form: { register, formState }, message, initial, idFor }: GroupProps) {
  const t = useClientMessages('Registration');
  const { errors } = formState;
  return (
    <>
      <TextField
        id={idFor('fullName')}
        label={t('fullName')}
        required
        autoComplete="name"
        defaultValue={text(initial, 'fullName')}
        error={message(errors.fullName?.message)}
        {...register('fullName')}
      />
      <TextField
        id={idFor('email')}
        label={t('email')}
        required
        type="email"
        autoComplete="email"
        defaultValue={text(initial, 'email')}
        error={message(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        id={idFor('phone')}
        label={t('phone')}
        required
        type="tel"
        autoComplete="tel"
        defaultValue={text(initial, 'phone')}
        error={message(errors.phone?.message)}
        {...register('phone')}
      />
    </>
  );
}

/**
 * Membership type (with the organisation's name when `showOrganization`: an organisation is chosen, or always on
 * the page without JavaScript), interests (with a free-text one when `showOther`), availability, experience and
 * skills.
 */
export function InvolvementFields({
  form: { register, formState },
  message,
  initial,
  idFor,
  showOrganization,
  showOther,
}: GroupProps & { showOrganization: boolean; showOther: boolean }) {
  const t = useClientMessages('Registration');
  const { errors } = formState;
  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}${pascal(value)}` as never) }));
  return (
    <>
      <ChoiceGroup
        firstId={idFor('membershipType')}
        type="radio"
        legend={t('membershipType')}
        required
        error={message(errors.membershipType?.message)}
        options={options(MEMBERSHIP_TYPES, 'membership')}
        checked={[text(initial, 'membershipType')]}
        registration={register('membershipType')}
      />
      {showOrganization ? (
        <TextField
          id={idFor('organization')}
          label={t('organization')}
          autoComplete="organization"
          defaultValue={text(initial, 'organization')}
          error={message(errors.organization?.message)}
          {...register('organization')}
        />
      ) : null}

      <ChoiceGroup
        firstId={idFor('interests')}
        type="checkbox"
        legend={t('interests')}
        required
        columns
        error={message(errors.interests?.message ?? errors.interests?.root?.message)}
        options={options(INTEREST_OPTIONS, 'interest')}
        checked={list(initial, 'interests')}
        registration={register('interests')}
      />
      {showOther ? (
        <TextField
          id={idFor('customInterest')}
          label={t('customInterest')}
          defaultValue={text(initial, 'customInterest')}
          error={message(errors.customInterest?.message)}
          {...register('customInterest')}
        />
      ) : null}

      <ChoiceGroup
        firstId={idFor('availability')}
        type="checkbox"
        legend={t('availability')}
        required
        columns
        error={message(errors.availability?.message ?? errors.availability?.root?.message)}
        options={options(AVAILABILITY_OPTIONS, 'availability')}
        checked={list(initial, 'availability')}
        registration={register('availability')}
      />

      <ChoiceGroup
        firstId={idFor('experience')}
        type="radio"
        legend={t('experience')}
        required
        error={message(errors.experience?.message)}
        options={options(EXPERIENCE_LEVELS, 'experience')}
        checked={[text(initial, 'experience')]}
        registration={register('experience')}
      />

      <TextField
        id={idFor('skills')}
        label={t('skills')}
        hint={t('skillsHint')}
        defaultValue={text(initial, 'skills')}
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
  initial,
  idFor,
  detecting,
  countries,
}: GroupProps & { detecting: boolean; countries: CountryOption[] }) {
  const t = useClientMessages('Registration');
  const { errors } = formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <CountrySelect
        id={idFor('country')}
        label={t('country')}
        placeholder={detecting ? t('detecting') : t('countryPlaceholder')}
        detecting={detecting}
        countries={countries}
        defaultValue={text(initial, 'country')}
        error={message(errors.country?.message)}
        registration={register('country')}
      />
      <TextField
        id={idFor('city')}
        label={t('city')}
        required
        autoComplete="address-level2"
        placeholder={detecting ? t('detecting') : undefined}
        disabled={detecting}
        defaultValue={text(initial, 'city')}
        error={message(errors.city?.message)}
        {...register('city')}
      />
    </div>
  );
}
