'use client';

import { useActionState } from 'react';

import { useLocale } from '@/i18n/client';
import { GUARD_FIELDS } from '@/lib/action-result';
import { EMPTY_FORM_STATE, type FormState } from '@/lib/forms/form-state';

/** A `useActionState` server action of a public form: `(previous, formData) => next state` (or a redirect). */
export type ProgressiveAction = (state: FormState, formData: FormData) => Promise<FormState>;

/**
 * The browser half of a public form that works without JavaScript (the server half is lib/forms/progressive.ts):
 * `formAction` goes on the `<form action>`, so React renders the form as a POST of that server action (with its
 * hidden action field) and a submission before hydration or without JavaScript posts the fields there instead of
 * a GET with them in the URL. `state` is the action's answer after such a post (EMPTY_FORM_STATE before): the form
 * renders its values, errors and token from it. Keep the JavaScript path in the form's `onSubmit`: it calls
 * `event.preventDefault()`, and React then never runs `formAction`.
 */
export function useProgressiveForm(action: ProgressiveAction) {
  const [state, formAction] = useActionState(action, EMPTY_FORM_STATE);
  return { state, formAction };
}

/**
 * The hidden spam-guard fields a post without JavaScript needs besides the Honeypot: the fill-time token from
 * the last answer (empty on the first post, which the server answers with a token) and the page's locale.
 * The JavaScript path sends its own (useFormGuard), so these are ignored there.
 */
export function GuardFields({ state }: { state: FormState }) {
  const locale = useLocale();
  return (
    <>
      <input type="hidden" name={GUARD_FIELDS.token} value={state.token ?? ''} />
      <input type="hidden" name={GUARD_FIELDS.locale} value={locale} />
    </>
  );
}
