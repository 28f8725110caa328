'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { X } from '@/components/icons/island-icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { submitRegistration } from '@/lib/volunteers/actions';
import { Honeypot, useFormGuard } from '@/components/forms/form-guard';
import { applyFailure } from '@/components/forms/form-feedback';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { Link, useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import {
  REGISTRATION_DEFAULTS,
  REGISTRATION_FIELDS,
  type Registration,
  type RegistrationInput,
  registrationSchema,
} from '@/lib/volunteers/shared';
import { showToast } from '@/lib/toast';

import { ContactFields, InvolvementFields, LocationFields } from './registration-groups';
import { useLocationGuess } from './use-location-guess';

export type RegistrationDialogProps = { open: boolean; onClose: () => void };

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
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    defaultValues: REGISTRATION_DEFAULTS as unknown as RegistrationInput,
  });
  const {
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { isSubmitting },
  } = form;
  const { countries, detecting } = useLocationGuess(locale, form);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      setFocus('fullName');
    } else if (!open && el.open) el.close();
  }, [open, setFocus]);

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
          <ContactFields form={form} message={message} />
          <InvolvementFields form={form} message={message} />
          <LocationFields form={form} message={message} detecting={detecting} countries={countries} />

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
            <Button variant="outline" onClick={() => dialog.current?.close()}>
              {t('cancel')}
            </Button>
            <SubmitButton pending={isSubmitting} busyLabel={t('submitting')}>
              {t('submit')}
            </SubmitButton>
          </div>
        </form>
      </div>
    </dialog>
  );
}
