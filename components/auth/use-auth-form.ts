'use client';

import { useState, type FormEvent } from 'react';

import { applyFailure } from '@/components/forms/form-feedback';
import { useLightForm, type SchemaCheck } from '@/components/forms/light-form';
import { useClientMessages } from '@/i18n/client-messages';
import { authFailureMessage } from '@/lib/auth/messages';
import type { ActionFailure, ActionResult } from '@/lib/action-result';

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

/**
 * The scaffold every account form shares: useLightForm over a lazily loaded schema, the translated field
 * messages (AuthForms), and the form-level alert. `onSubmit(send)` is the form's submit handler: it validates in
 * the browser, clears the alert, then awaits `send` with the parsed values; `fail(result)` shows a failed server
 * result (field messages on the fields named in `fields`, anything else in the alert).
 */
export function useAuthForm<Input extends Record<string, unknown>, Values>({
  schema,
  defaultValues,
  fields,
}: {
  schema: SchemaCheck<Input, Values>;
  defaultValues: Input;
  fields: readonly string[];
}) {
  const t = useClientMessages('AuthForms');
  const forms = useClientMessages('Forms');
  const [alert, setAlert] = useState<AuthAlert | null>(null);
  const { register, handleSubmit, setError, formState } = useLightForm<Input, Values>({
    schema,
    defaultValues,
  });

  const fail = (result: ActionFailure) => {
    const auth = authFailureMessage(result);
    if (auth) return setAlert({ text: t(auth.key, auth.values), key: auth.key });
    const key = applyFailure(result, setError as never, fields);
    setAlert(key === 'invalid' ? null : { text: forms(key), key });
  };

  const onSubmit = (send: (values: Values) => Promise<void>) => (event: FormEvent) =>
    void handleSubmit(async (values) => {
      setAlert(null);
      await send(values);
    })(event);

  const fieldError = (name: keyof Input & string) => fieldMessage(t, formState.errors[name]?.message);

  return { t, alert, fail, onSubmit, register, setError, fieldError, isSubmitting: formState.isSubmitting };
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
