'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { X } from '@/components/icons/island-icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { submitRegistration } from '@/lib/volunteers/actions';
import { Honeypot, useFormGuard } from '@/components/forms/form-guard';
import { applyFailure } from '@/components/forms/form-feedback';
import { Link, useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { type CountryOption, countryOptions } from '@/lib/countries';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_LEVELS,
  INTEREST_OPTIONS,
  MEMBERSHIP_TYPES,
  REGISTRATION_DEFAULTS,
  REGISTRATION_FIELDS,
  type Registration,
  type RegistrationInput,
  registrationSchema,
} from '@/lib/volunteers/schema';
import { showToast } from '@/lib/toast';

import { ChoiceGroup, FieldError, TextField, fieldClass, labelClass } from './registration-fields';

export type RegistrationDialogProps = { open: boolean; onClose: () => void };

/** 'unlearning-racism' → 'UnlearningRacism', for the option labels' message keys. */
const pascal = (value: string) => value.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** The server's location guess (app/api/geo): our list's country code and a city, either may be missing. */
async function detectLocation(): Promise<{ country?: string; city?: string }> {
  try {
    const res = await fetch('/api/geo', { cache: 'no-store', signal: AbortSignal.timeout(6_000) });
    return res.ok ? ((await res.json()) as { country?: string; city?: string }) : {};
  } catch {
    return {};
  }
}

/**
 * The 'Network Registration' dialog (docs/SPEC-NOTES.md §2 Community, §3 fields, §4 states, §5 rules, §8 toasts): a modal
 * <dialog> (focus moves to the first field, the page behind is inert, Escape closes, the opener gets focus back),
 * labelled by its title. On first open it asks /api/geo for the visitor's country and city; until that finishes
 * (either way) both fields read 'Detecting location...' and are disabled. Validation is the shared zod schema
 * (lib/volunteers/schema.ts) in the browser and again on the server (lib/volunteers/actions.ts).
 */
export function RegistrationDialog({ open, onClose }: RegistrationDialogProps) {
  const t = useClientMessages('Registration');
  const forms = useClientMessages('Forms');
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const { honeypotRef, values, refresh } = useFormGuard({ form: 'registration' });
  const [countries, setCountries] = useState<CountryOption[]>([]);
  const [detecting, setDetecting] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    defaultValues: REGISTRATION_DEFAULTS as unknown as RegistrationInput,
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      setFocus('fullName');
    } else if (!open && el.open) el.close();
  }, [open, setFocus]);

  // Country names and the location guess load together: a country can only be selected once its option exists.
  const [found, setFound] = useState<{ country?: string; city?: string } | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([countryOptions(locale).catch(() => []), detectLocation()]).then(([list, place]) => {
      if (!live) return;
      setCountries(list);
      setFound(place);
      setDetecting(false);
    });
    return () => {
      live = false;
    };
  }, [locale]);

  // Runs after the options have rendered; never overwrites what the person already chose or typed.
  useEffect(() => {
    if (!found) return;
    if (found.country && countries.some((c) => c.code === found.country) && !getValues('country'))
      setValue('country', found.country);
    if (found.city && !getValues('city')) setValue('city', found.city);
  }, [found, countries, getValues, setValue]);

  const message = (key: string | undefined) => {
    if (!key) return undefined;
    const text = t(key as Parameters<typeof t>[0]);
    return text === key ? t('invalid') : text;
  };

  const onSubmit = async (data: Registration) => {
    setFormError(null);
    let result = await submitRegistration({ ...data, ...(await values()) });
    if (!result.ok && result.error === 'expired') {
      // The fill-time token was missing or stale (a long-open dialog): fetch a new one and try once more.
      await refresh();
      result = await submitRegistration({ ...data, ...(await values()) });
    }
    if (result.ok) {
      showToast((toast) => toast.success(t('successTitle'), { description: t('successBody') }));
      reset(REGISTRATION_DEFAULTS as unknown as RegistrationInput);
      void refresh();
      dialog.current?.close();
      return;
    }
    const key = applyFailure(result, setError as never, REGISTRATION_FIELDS);
    if (key !== 'invalid') setFormError(forms(key));
    showToast((toast) => toast.error(t('errorTitle'), { description: t('errorBody') }));
  };

  const membership = useWatch({ control, name: 'membershipType' });
  const interests = useWatch({ control, name: 'interests' });
  const showOther = Array.isArray(interests) && interests.includes('other');

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={introId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(100%-2rem,44rem)] overflow-auto rounded-2xl bg-bg p-0 text-fg shadow-2xl backdrop:bg-black/70"
    >
      <div className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold">
            {t('dialogTitle')}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-surface"
            aria-label={t('close')}
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>
        <p id={introId} className="mt-2 text-muted">
          {t('dialogIntro')}
        </p>

        <form
          noValidate
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          className="relative mt-6 space-y-5"
        >
          <Honeypot inputRef={honeypotRef} />
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

          <ChoiceGroup
            type="radio"
            legend={t('membershipType')}
            required
            error={message(errors.membershipType?.message)}
            options={MEMBERSHIP_TYPES.map((value) => ({
              value,
              label: t(`membership${pascal(value)}` as never),
            }))}
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
            options={INTEREST_OPTIONS.map((value) => ({
              value,
              label: t(`interest${pascal(value)}` as never),
            }))}
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
            options={AVAILABILITY_OPTIONS.map((value) => ({
              value,
              label: t(`availability${pascal(value)}` as never),
            }))}
            registration={register('availability')}
          />

          <ChoiceGroup
            type="radio"
            legend={t('experience')}
            required
            error={message(errors.experience?.message)}
            options={EXPERIENCE_LEVELS.map((value) => ({
              value,
              label: t(`experience${pascal(value)}` as never),
            }))}
            registration={register('experience')}
          />

          <TextField
            label={t('skills')}
            hint={t('skillsHint')}
            error={message(errors.skills?.message)}
            {...register('skills')}
          />

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

          <p className="text-sm text-muted">
            {t('privacy')}{' '}
            <Link href="/privacy-policy" prefetch={false} className="text-brand underline">
              {t('privacyLink')}
            </Link>
          </p>

          {formError ? (
            <p
              role="alert"
              className="rounded-lg border border-red-700 p-3 text-sm text-red-800 dark:border-red-300 dark:text-red-200"
            >
              {formError}
            </p>
          ) : null}

          <div className="flex flex-wrap justify-end gap-3">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="inline-flex min-h-11 items-center rounded-full border border-border px-5 py-2 font-semibold hover:bg-surface"
            >
              {t('cancel')}
            </button>
            <button
              type="submit"
              disabled={isSubmitting}
              className="inline-flex min-h-11 items-center rounded-full bg-brand px-6 py-2 font-semibold text-brand-fg hover:bg-brand-hover disabled:cursor-wait disabled:opacity-70"
            >
              {isSubmitting ? t('submitting') : t('submit')}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}

function CountrySelect({
  label,
  placeholder,
  detecting,
  countries,
  error,
  registration,
}: {
  label: string;
  placeholder: string;
  detecting: boolean;
  countries: CountryOption[];
  error?: string;
  registration: ReturnType<ReturnType<typeof useForm<RegistrationInput, unknown, Registration>>['register']>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <select
        id={id}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="country"
        disabled={detecting}
        className={fieldClass}
        {...registration}
      >
        <option value="">{placeholder}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
