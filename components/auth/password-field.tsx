'use client';

import { useState, useSyncExternalStore } from 'react';

import { Field } from '@/components/ui/field';
import { Input, type TextFieldProps } from '@/components/ui/input';
import { useClientMessages } from '@/i18n/client-messages';

const subscribeNever = () => () => undefined;

/**
 * A labelled password input (TextField's wiring: label, hint, error, aria-describedby) with a 'Show password'
 * toggle under it: a real button with `aria-pressed` (pressed = the password is shown as text) that names the
 * input it controls. The button needs the script, so until hydration it keeps its place but is invisible (no
 * layout shift, not in the tab order). `type` is managed here; spread react-hook-form's register(...) into it.
 */
export function PasswordField({ label, hint, error, required, id, ...input }: Omit<TextFieldProps, 'type'>) {
  const t = useClientMessages('AuthForms');
  const [shown, setShown] = useState(false);
  // False in the server HTML and while hydrating, true once the script runs.
  const ready = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id}>
      {(control) => (
        <>
          <Input {...control} {...input} type={shown ? 'text' : 'password'} />
          <button
            type="button"
            aria-pressed={shown}
            aria-controls={control.id}
            onClick={() => setShown((value) => !value)}
            className={`mt-1 min-h-11 rounded-md px-1 text-sm font-semibold text-brand underline underline-offset-2 ${ready ? '' : 'invisible'}`}
          >
            {t('showPassword')}
          </button>
        </>
      )}
    </Field>
  );
}
