import type { ComponentProps } from 'react';

import { Field, controlClass, type Density } from './field';

/** A text-like <input> in the form look (`compact` for back-office toolbars); `type` defaults to "text". */
export function Input({ compact, className, type = 'text', ...props }: ComponentProps<'input'> & Density) {
  return <input type={type} className={controlClass(compact, className)} {...props} />;
}

export type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  hint?: string;
  error?: string;
};

/**
 * A labelled input with an optional hint and its error (Field + Input). Spread react-hook-form's register(...)
 * into it: the ref reaches the <input>.
 */
export function TextField({ label, hint, error, required, id, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}
