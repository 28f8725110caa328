'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';

import { ErrorSummary, summaryErrors } from '@/components/forms/error-summary';
import { applyFailure } from '@/components/forms/form-feedback';
import { Honeypot, useFormGuard } from '@/components/forms/form-guard';
import { GuardFields } from '@/components/forms/progressive';
import { SubmitButton } from '@/components/ui/submit-button';
import { Link } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import type { CountryOption } from '@/lib/countries';
import { type FormState, stateList, stateText } from '@/lib/forms/form-state';
import { submitRegistration } from '@/lib/volunteers/actions';
import {
  REGISTRATION_DEFAULTS,
  REGISTRATION_FIELDS,
  type Registration,
  type RegistrationInput,
  registrationSchema,
} from '@/lib/volunteers/shared';
import { showToast } from '@/lib/toast';

import { ContactFields, InvolvementFields, LocationFields } from './registration-groups';

/** The checkbox groups of the form (echoed back as lists after a post without JavaScript). */
export const REGISTRATION_LISTS = ['interests', 'availability'] as const;

/** The form's first values: what a post without JavaScript sent back, else the empty form (lib/volunteers). */
export function registrationValues(state: FormState): RegistrationInput {
  const values: Record<string, unknown> = { ...REGISTRATION_DEFAULTS };
  if (state.status === 'refused')
    for (const name of REGISTRATION_FIELDS) {
      if ((REGISTRATION_LISTS as readonly string[]).includes(name)) values[name] = stateList(state, name);
      else if (name === 'membershipType' || name === 'experience')
        values[name] = stateText(state, name) || (REGISTRATION_DEFAULTS[name] ?? undefined);
      else values[name] = stateText(state, name);
    }
  return values as RegistrationInput;
}

/** The form's react-hook-form instance: the shared zod schema, and the first values of `registrationValues`. */
export function useRegistrationForm(
  state: FormState,
): UseFormReturn<RegistrationInput, unknown, Registration> {
  const defaultValues = useMemo(() => registrationValues(state), [state]);
  // One object per answer: react-hook-form applies `errors` again whenever it is a new object.
  const errors = useMemo(() => {
    const entries = Object.entries(state.fieldErrors);
    return entries.length
      ? Object.fromEntries(entries.map(([name, message]) => [name, { type: 'server', message }]))
      : undefined;
  }, [state]);
  return useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    defaultValues,
    errors: errors as never,
    // A refused submit focuses the error summary (GOV.UK), which links to each field.
    shouldFocusError: false,
  });
}

/**
 * The 'Network Registration' form (docs/SPEC-NOTES.md §3 fields, §4 states, §5 rules, §8 toasts), in the dialog
 * (registration-dialog.tsx) and on /community/register (registration-page-form.tsx). With JavaScript it
 * validates with the shared zod schema (the messages under the fields and in the error summary at the top, which
 * takes focus), sends through `submitRegistration` (one retry with a fresh fill-time token), toasts the outcome
 * (a lost connection too, keeping every value) and calls `onSaved` after resetting itself. Its `action` is `formAction` (the
 * `useActionState` of `submitRegistrationForm`), so a post before hydration or without JavaScript goes to the
 * server with the same checks, and `state` (its answer) puts back what was typed, the errors and a token.
 * `showOptional` shows the organisation and other-interest fields whatever is ticked (without JavaScript they
 * cannot appear on ticking). `actions` are buttons before Submit (the dialog's Cancel).
 */
export function RegistrationForm({
  form,
  state,
  formAction,
  countries,
  detecting,
  showOptional = false,
  onSaved,
  actions,
}: {
  form: UseFormReturn<RegistrationInput, unknown, Registration>;
  state: FormState;
  formAction: (formData: FormData) => void;
  countries: CountryOption[];
  detecting: boolean;
  showOptional?: boolean;
  onSaved: () => void;
  actions?: ReactNode;
}) {
  const t = useClientMessages('Registration');
  const forms = useClientMessages('Forms');
  const { honeypotRef, values, refresh } = useFormGuard({ form: 'registration' });
  function formsText(key: string): string {
    const known = ['sendAgain', 'spam', 'tooFast', 'expired', 'rateLimited', 'server'] as const;
    return forms((known as readonly string[]).includes(key) ? (key as (typeof known)[number]) : 'server');
  }

  const base = useId();
  const idFor = (name: string) => `${base}-${name}`;
  // Refused submissions (the schema's or the server's): the error summary takes focus each time this changes.
  const [refusals, setRefusals] = useState(0);
  const refused = () => setRefusals((n) => n + 1);
  const [formError, setFormError] = useState<string | null>(() =>
    state.formError && state.formError !== 'invalid' ? formsText(state.formError) : null,
  );
  const {
    handleSubmit,
    setError,
    reset,
    control,
    formState: { isSubmitting, errors },
  } = form;
  const membership = useWatch({ control, name: 'membershipType' });
  const interests = useWatch({ control, name: 'interests' });
  const initial = useMemo(() => registrationValues(state), [state]);

  const message = (key: string | undefined) => {
    if (!key) return undefined;
    const text = t(key as Parameters<typeof t>[0]);
    return text === key ? t('invalid') : text;
  };

  const failToast = () => showToast((toast) => toast.error(t('errorTitle'), { description: t('errorBody') }));

  const onSubmit = async (data: Registration) => {
    setFormError(null);
    let result: Awaited<ReturnType<typeof submitRegistration>>;
    try {
      result = await submitRegistration({ ...data, ...(await values()) });
      if (!result.ok && result.error === 'expired') {
        // The fill-time token was missing or stale (a long-open dialog): fetch a new one and try once more.
        await refresh();
        result = await submitRegistration({ ...data, ...(await values()) });
      }
    } catch {
      // The request never got an answer (connection lost, server unreachable): the spec's error toast, and the
      // form (in its dialog) stays as it is, with everything typed, to try again.
      failToast();
      return;
    }
    if (result.ok) {
      showToast((toast) => toast.success(t('successTitle'), { description: t('successBody') }));
      reset(REGISTRATION_DEFAULTS as unknown as RegistrationInput);
      void refresh();
      onSaved();
      return;
    }
    const key = applyFailure(result, setError as never, REGISTRATION_FIELDS);
    if (Object.keys(result.fieldErrors ?? {}).length) refused();
    if (key !== 'invalid') setFormError(forms(key));
    failToast();
  };

  const summary = summaryErrors(
    REGISTRATION_FIELDS.map((name) => [name, idFor(name)] as const),
    (name) => {
      const error = errors[name as keyof RegistrationInput] as
        { message?: string; root?: { message?: string } } | undefined;
      return message(error?.message ?? error?.root?.message);
    },
  );

  return (
    <form
      action={formAction}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit, refused)(event)}
      className="relative mt-6 space-y-5"
    >
      <ErrorSummary
        errors={summary}
        focusKey={refusals}
        serverRefused={state.status === 'refused' && Object.keys(state.fieldErrors).length > 0}
      />
      <Honeypot inputRef={honeypotRef} />
      <GuardFields state={state} />
      <ContactFields form={form} message={message} initial={initial} idFor={idFor} />
      <InvolvementFields
        form={form}
        message={message}
        initial={initial}
        idFor={idFor}
        showOrganization={showOptional || membership === 'organization'}
        showOther={showOptional || (Array.isArray(interests) && interests.includes('other'))}
      />
      <LocationFields
        form={form}
        message={message}
        initial={initial}
        idFor={idFor}
        detecting={detecting}
        countries={countries}
      />

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
        {actions}
        <SubmitButton pending={isSubmitting} busyLabel={t('submitting')}>
          {t('submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
