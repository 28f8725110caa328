'use client';

import { X } from '@/components/icons/island-icons';
import { useEffect, useId, useRef } from 'react';

import { useProgressiveForm } from '@/components/forms/progressive';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { submitRegistrationForm } from '@/lib/volunteers/actions';

import { RegistrationForm, useRegistrationForm } from './registration-form';
import { useLocationGuess } from './use-location-guess';

export type RegistrationDialogProps = { open: boolean; onClose: () => void };

/**
 * The 'Network Registration' dialog (docs/SPEC-NOTES.md §2 Community, §3 fields, §4 states, §5 rules, §8 toasts): a modal
 * <dialog> (focus moves to the first field, the page behind is inert, Escape closes, the opener gets focus back),
 * labelled by its title. On first open it asks /api/geo for the visitor's country and city; until that finishes
 * (either way) both fields read 'Detecting location...' and are disabled. The form itself is RegistrationForm
 * (registration-form.tsx), shared with /community/register, the page the opener leads to without JavaScript.
 */
export function RegistrationDialog({ open, onClose }: RegistrationDialogProps) {
  const t = useClientMessages('Registration');
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const { state, formAction } = useProgressiveForm(submitRegistrationForm);
  const form = useRegistrationForm(state);
  const { setFocus } = form;
  const { countries, detecting } = useLocationGuess(locale, form);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      setFocus('fullName');
    } else if (!open && el.open) el.close();
  }, [open, setFocus]);

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

        <RegistrationForm
          form={form}
          state={state}
          formAction={formAction}
          countries={countries}
          detecting={detecting}
          onSaved={() => dialog.current?.close()}
          actions={
            <Button variant="outline" onClick={() => dialog.current?.close()}>
              {t('cancel')}
            </Button>
          }
        />
      </div>
    </dialog>
  );
}
