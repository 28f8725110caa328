'use client';

import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Shared look of the registration form's controls (contrast checked in both themes). */
export const labelClass = 'block font-semibold';
export const fieldClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-border bg-bg px-3 py-2 text-fg placeholder:text-muted disabled:cursor-wait disabled:bg-surface aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

/** A field's message, announced when it appears. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
      {message}
    </p>
  ) : null;
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string;
};

/** A labelled text input with an optional hint and its error message, both tied to it by aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, required, type = 'text', ...input },
  ref,
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label} {required ? <span aria-hidden="true">*</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input
        ref={ref}
        id={id}
        type={type}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldClass}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
});

/**
 * Radios or checkboxes in a fieldset whose legend names the group; the group's message is tied to the
 * fieldset (aria-describedby), and each box to its own label.
 */
export function ChoiceGroup({
  type,
  legend,
  required,
  columns,
  error,
  options,
  registration,
}: {
  type: 'radio' | 'checkbox';
  legend: string;
  required?: boolean;
  columns?: boolean;
  error?: string;
  options: { value: string; label: string }[];
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={labelClass}>
        {legend} {required ? <span aria-hidden="true">*</span> : null}
      </legend>
      <div className={`mt-2 grid gap-2 ${columns ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 hover:bg-surface has-[:checked]:border-brand has-[:checked]:bg-surface"
          >
            <input
              type={type}
              value={option.value}
              className="size-5 accent-[var(--brand)]"
              {...registration}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
