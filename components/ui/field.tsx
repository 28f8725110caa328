import { useId, type ReactNode } from 'react';

import { cx } from './cx';

/** The label above a form control (and a fieldset's legend). */
export const labelClass = 'block font-semibold';

/**
 * The ARIA wiring a Field hands its control: the id the label points at, the hint and error ids it is described
 * by, and the invalid / required states.
 */
export type ControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
};

/**
 * The ids of a field's parts for a base id: `${id}-hint` and `${id}-error`, and the aria-describedby value
 * listing whichever of the two is shown (undefined when neither is).
 */
export function fieldIds(id: string, shown: { hint?: boolean; error?: boolean }) {
  const hint = `${id}-hint`;
  const error = `${id}-error`;
  const describedBy = [shown.hint ? hint : null, shown.error ? error : null].filter(Boolean).join(' ');
  return { hint, error, describedBy: describedBy || undefined };
}

/** A field's (or a group's) error message, rendered only when there is one; `id` is what the control cites. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
      {message}
    </p>
  ) : null;
}

export type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** The message shown under the control; its presence also marks the control aria-invalid. */
  error?: string;
  /** Adds the visual asterisk (hidden from screen readers, which hear aria-required instead). */
  required?: boolean;
  /** A fixed id for the control (default: a generated one). */
  id?: string;
  className?: string;
  /** Renders the control, spreading the ids and states it is given onto it. */
  children: (control: ControlProps) => ReactNode;
};

/**
 * Label, optional hint, the control and its error message, tied together: the label's htmlFor names the control,
 * the control is described by the hint and the error (aria-describedby) and marked aria-invalid while there is an
 * error. Works in server and client components (no state; useId for the ids).
 */
export function Field({ label, hint, error, required, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const ids = fieldIds(controlId, { hint: !!hint, error: !!error });
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClass}>
        {label} {required ? <span aria-hidden="true">*</span> : null}
      </label>
      {hint ? (
        <p id={ids.hint} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-describedby': ids.describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

/** Props of a control that can sit in a Field or alone. */
export type Density = {
  /** Inline in a toolbar or table (back office): no full width, no top margin. */
  compact?: boolean;
};

/** The shared look of text inputs, selects and textareas (contrast checked in both themes). */
export function controlClass(compact = false, className?: string): string {
  return cx(
    compact
      ? 'rounded-md border border-border bg-bg px-3 py-2 text-fg'
      : 'mt-1 block min-h-11 w-full rounded-lg border border-border bg-bg px-3 py-2 text-fg placeholder:text-muted disabled:cursor-wait disabled:bg-surface aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300',
    className,
  );
}
