'use client';

import { useFormStatus } from 'react-dom';

import { Button, type ButtonProps } from './button';

export type SubmitButtonProps = Omit<ButtonProps, 'type'> & {
  /** Shown instead of the children while the form is being sent (e.g. 'Sending...'). */
  busyLabel: string;
  /**
   * Whether the form is being sent. Leave it out for a form whose `action` is a server action (React's form
   * status says); pass it for a form that submits in an onSubmit handler (e.g. react-hook-form's isSubmitting).
   */
  pending?: boolean;
};

/**
 * The submit button of a form: while the form is being sent it shows the busy label, is disabled (no double
 * submission) and says aria-busy. A client component only for useFormStatus.
 */
export function SubmitButton({ busyLabel, pending, disabled, children, ...props }: SubmitButtonProps) {
  const status = useFormStatus();
  const busy = pending ?? status.pending;
  return (
    <Button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy ? busyLabel : children}
    </Button>
  );
}
