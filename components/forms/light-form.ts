'use client';

import { useCallback, useRef, useState, type BaseSyntheticEvent } from 'react';
import type { z } from 'zod';

/** One field's message: `message` is a key of the form's message namespace (the schema's or the server's). */
export type FieldError = { type: string; message?: string };
export type FieldErrors<Input> = Partial<Record<keyof Input & string, FieldError>>;

type Outcome<Output, Input> = { ok: true; values: Output } | { ok: false; errors: FieldErrors<Input> };

/** Checks a form's values: resolves with the parsed values or the field errors (never throws for bad input). */
export type SchemaCheck<Input, Output> = ((values: Input) => Promise<Outcome<Output, Input>>) & {
  /** Starts loading the schema (and zod) now, e.g. on the form's first focus. */
  preload: () => void;
};

type TextElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Sets a field's value (the fields are uncontrolled: the DOM holds what was typed). */
function writeValue(el: TextElement, value: string) {
  el.value = value;
}

/**
 * A zod check whose schema (and zod itself, about 31 KB compressed) is loaded on first use instead of with the
 * page: `load` imports the form's schema module. Field errors are the first issue per top-level field, its message
 * being the schema's message key, as react-hook-form's zodResolver gave them. A failed download is retried on the
 * next check (the rejection reaches the caller's submit handler).
 */
export function lazySchema<Input, Output>(
  load: () => Promise<z.ZodType<Output, Input>>,
): SchemaCheck<Input, Output> {
  let ready: Promise<z.ZodType<Output, Input>> | undefined;
  const get = () =>
    (ready ??= load().catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
  const check = async (values: Input): Promise<Outcome<Output, Input>> => {
    const result = await (await get()).safeParseAsync(values);
    if (result.success) return { ok: true, values: result.data };
    const errors: FieldErrors<Input> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '') as keyof Input & string;
      if (key && !errors[key]) errors[key] = { type: issue.code, message: issue.message };
    }
    return { ok: false, errors };
  };
  return Object.assign(check, {
    preload: () => {
      get().catch(() => undefined);
    },
  });
}

/**
 * The small part of react-hook-form the public forms used (contact, sign-in and the other account forms), without
 * its ~13 KB in every first load of /contact and /login: uncontrolled fields (`register(name)` gives name, ref and
 * change handler), `handleSubmit(onValid)` that checks all values with `schema` first, validation again on each
 * change once a submit was tried, `setError` for the server's field errors, `reset()` and `formState.errors` /
 * `isSubmitting`. A refused submit focuses no field: it bumps `formState.refusals` (call `refused()` after a
 * server refusal too), and the form's ErrorSummary (components/forms/error-summary.tsx) takes focus.
 * `defaultValues` are the fields' initial values (and values passed through, like `next`, for fields that are not
 * registered). `initialErrors` are message keys the server already gave (a post without JavaScript,
 * lib/forms/form-state.ts): shown from the start, and cleared field by field as the person corrects them, as
 * after a submit.
 */
export function useLightForm<Input extends Record<string, unknown>, Output>({
  schema,
  defaultValues,
  initialErrors,
}: {
  schema: SchemaCheck<Input, Output>;
  defaultValues: Input;
  initialErrors?: Partial<Record<keyof Input & string, string>>;
}) {
  const fields = useRef(new Map<string, TextElement>());
  const submitted = useRef(Object.keys(initialErrors ?? {}).length > 0);
  const [errors, setErrors] = useState<FieldErrors<Input>>(() => {
    const out: FieldErrors<Input> = {};
    for (const [name, message] of Object.entries(initialErrors ?? {}))
      if (typeof message === 'string') out[name as keyof Input & string] = { type: 'server', message };
    return out;
  });
  const [isSubmitting, setSubmitting] = useState(false);
  // How many submissions were refused (by the schema here, or by the server through `refused()`): the error
  // summary (components/forms/error-summary.tsx) takes focus each time it changes.
  const [refusals, setRefusals] = useState(0);
  const refused = useCallback(() => setRefusals((n) => n + 1), []);

  const values = useCallback((): Input => {
    const out: Record<string, unknown> = { ...defaultValues };
    for (const [name, el] of fields.current) out[name] = el.value;
    return out as Input;
  }, [defaultValues]);

  const focus = (name: string) => fields.current.get(name)?.focus();

  // One ref callback per field for the form's lifetime: a new function each render would make React detach and
  // re-attach the field every time, and the re-attached field would be given its default value again.
  const refs = useRef(new Map<string, (el: TextElement | null) => void>());
  const refFor = (name: keyof Input & string) => {
    let ref = refs.current.get(name);
    if (!ref) {
      ref = (el: TextElement | null) => {
        if (!el) {
          fields.current.delete(name);
          return;
        }
        // What someone typed before hydration stays; only a non-empty default is written in.
        const initial = defaultValues[name];
        if (fields.current.get(name) !== el && typeof initial === 'string' && initial)
          writeValue(el, initial);
        fields.current.set(name, el);
      };
      refs.current.set(name, ref);
    }
    return ref;
  };

  const register = (name: keyof Input & string) => ({
    name,
    ref: refFor(name),
    onChange: async () => {
      if (!submitted.current) return;
      const outcome = await schema(values());
      const error = outcome.ok ? undefined : outcome.errors[name];
      setErrors((current) => {
        if (current[name]?.message === error?.message) return current;
        const next = { ...current };
        if (error) next[name] = error;
        else delete next[name];
        return next;
      });
    },
    onBlur: () => undefined,
  });

  const handleSubmit =
    (onValid: (data: Output) => unknown | Promise<unknown>) => async (event?: BaseSyntheticEvent) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const outcome = await schema(values());
        if (!outcome.ok) {
          // Focus goes to the error summary (GOV.UK), which links to each field; not to the first field.
          setErrors(outcome.errors);
          refused();
          return;
        }
        setErrors({});
        await onValid(outcome.values);
      } finally {
        setSubmitting(false);
      }
    };

  const setError = (
    name: keyof Input & string,
    error: { type?: string; message?: string },
    options?: { shouldFocus?: boolean },
  ) => {
    setErrors((current) => ({
      ...current,
      [name]: { type: error.type ?? 'manual', message: error.message },
    }));
    if (options?.shouldFocus) focus(name);
  };

  const reset = () => {
    for (const [name, el] of fields.current) writeValue(el, String(defaultValues[name] ?? ''));
    submitted.current = false;
    setErrors({});
  };

  return { register, handleSubmit, setError, reset, refused, formState: { errors, isSubmitting, refusals } };
}
