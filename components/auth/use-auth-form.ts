'use client';

import { useId, useState, type FormEvent } from 'react';

import { summaryErrors } from '@/components/forms/error-summary';
import { applyFailure } from '@/components/forms/form-feedback';
import { useLightForm, type SchemaCheck } from '@/components/forms/light-form';
import { useClientMessages } from '@/i18n/client-messages';
import type { AuthFormState } from '@/lib/auth/form-state';
import { authFailureMessage } from '@/lib/auth/messages';
import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { stateText } from '@/lib/forms/form-state';

/**
 * zod and the account schemas (lib/auth/schemas.ts, the ones the server actions use) load on the first focus of a
 * form (preload) or its first validation, not with the page.
 */
export const loadAuthSchemas = () => import('@/lib/auth/schemas');

/** A form-level message and the key it came from (the sign-in form adds a link for 'emailNotConfirmed'). */
export type AuthAlert = { text: string; key: string };

type Messages = ReturnType<typeof useClientMessages<'AuthForms'>>;

/** Field message text for a key from the schema or the server (unknown keys → the generic 'invalid'). */
function fieldMessage(t: Messages, key: string | undefined) {
  if (!key) return undefined;
  const text = t(key as Parameters<Messages>[0]);
  return text === key ? t('invalid') : text;
}

/** The form-level message of a no-JavaScript answer: the auth message, else a `Forms` one (not the generic 'invalid'). */
function answerAlert(
  t: Messages,
  forms: ReturnType<typeof useClientMessages<'Forms'>>,
  state: AuthFormState,
) {
  if (state.auth) return { text: t(state.auth.key, state.auth.values), key: state.auth.key };
  if (!state.formError || state.formError === 'invalid') return null;
  return { text: forms(state.formError as Parameters<typeof forms>[0]), key: state.formError };
}

/**
 * The scaffold every account form shares: useLightForm over a lazily loaded schema, the translated field
 * messages (AuthForms), and the form-level alert. `onSubmit(send)` is the form's submit handler: it validates in
 * the browser, clears the alert, then awaits `send` with the parsed values; `fail(result)` shows a failed server
 * result (field messages on the fields named in `fields`, anything else in the alert). `summary(names)` gives
 * the form's ErrorSummary its props and `fieldId(name)` each field's id, which the summary links to.
 *
 * `state` is the server's answer to a post without JavaScript (or before hydration; `useActionState` of the
 * form's `…Form` action): its field messages, alert and typed values (`kept(name)`, the fields' `defaultValue`;
 * never a password) show until the person submits again with the script.
 */
export function useAuthForm<Input extends Record<string, unknown>, Values>({
  schema,
  defaultValues,
  fields,
  state,
}: {
  schema: SchemaCheck<Input, Values>;
  defaultValues: Input;
  fields: readonly string[];
  state: AuthFormState;
}) {
  const t = useClientMessages('AuthForms');
  const forms = useClientMessages('Forms');
  const [scripted, setScripted] = useState(false);
  const [ownAlert, setAlert] = useState<AuthAlert | null>(null);
  const alert = ownAlert ?? (scripted ? null : answerAlert(t, forms, state));
  const base = useId();
  const { register, handleSubmit, setError, refused, formState } = useLightForm<Input, Values>({
    schema,
    defaultValues,
  });

  const fail = (result: ActionFailure) => {
    const auth = authFailureMessage(result);
    if (auth) return setAlert({ text: t(auth.key, auth.values), key: auth.key });
    const key = applyFailure(result, setError as never, fields);
    if (Object.keys(result.fieldErrors ?? {}).some((name) => fields.includes(name))) refused();
    setAlert(key === 'invalid' ? null : { text: forms(key), key });
  };

  // handleSubmit cancels the native submission at once (before its first await), so React never runs the
  // form's server action (the no-JavaScript path) when the script is there.
  const onSubmit = (send: (values: Values) => Promise<void>) => (event: FormEvent) => {
    setScripted(true);
    void handleSubmit(async (values) => {
      setAlert(null);
      await send(values);
    })(event);
  };

  const fieldError = (name: keyof Input & string) =>
    fieldMessage(t, formState.errors[name]?.message ?? (scripted ? undefined : state.fieldErrors[name]));

  /** What was typed before a no-JavaScript answer ('' otherwise), for the field's `defaultValue`. */
  const kept = (name: keyof Input & string) => stateText(state, name);

  /** The id of a field's control, the target of its error-summary link. */
  const fieldId = (name: keyof Input & string) => `${base}-${name}`;

  /**
   * The ErrorSummary's props for the fields `names`, in their order on the page: their messages (the same as
   * under the fields), focused after each refusal, and on page load after a refused post without JavaScript.
   */
  const summary = (names: readonly (keyof Input & string)[]) => ({
    errors: summaryErrors(
      names.map((name) => [name, fieldId(name)] as const),
      (name) => fieldError(name as keyof Input & string),
    ),
    focusKey: formState.refusals,
    serverRefused: !scripted && names.some((name) => state.fieldErrors[name]),
  });

  return {
    t,
    alert,
    fail,
    onSubmit,
    register,
    setError,
    fieldError,
    kept,
    fieldId,
    summary,
    refused,
    isSubmitting: formState.isSubmitting,
  };
}

/**
 * Sends a spam-guarded form once more with a fresh fill-time token when the server says the first one was
 * missing or stale ('expired': a long-open page). `send` must read the guard values anew on each call.
 */
export async function retryIfExpired<T>(
  send: () => Promise<ActionResult<T>>,
  refresh: () => Promise<void>,
): Promise<ActionResult<T>> {
  const result = await send();
  if (result.ok || result.error !== 'expired') return result;
  await refresh();
  return send();
}
