'use client';

import { type ReactNode, useEffect, useRef } from 'react';
import { useFormStatus } from 'react-dom';

import { Button, type ButtonProps } from '@/components/ui/button';

export type StaffFormClientProps = {
  /** A server action of lib/back-office/actions.ts (or another `once` action): `(form) => Promise<void>`. */
  action: (form: FormData) => Promise<void>;
  /** The form's single-use key (a UUID made when the page rendered; StaffForm makes it). */
  requestKey: string;
  /** The page's locale, sent as `locale` (the action redirects back in it). */
  locale: string;
  /** Hidden fields besides the key and the locale (`id`, the list's `return` filters, …). */
  fields?: Record<string, string>;
  /** A translated question asked before the form is sent (destructive actions: D16); Cancel sends nothing. */
  confirm?: string;
  className?: string;
  'aria-label'?: string;
  id?: string;
  children: ReactNode;
};

/** How long a sent form ignores further submits in the browser (the server's key check covers the rest). */
const RESEND_AFTER_MS = 5_000;

/**
 * The browser side of StaffForm (components/back-office/staff-form.tsx): a plain `<form action>` (it posts without
 * JavaScript too) with the hidden `requestKey` and `locale`, which ignores a second submit while the first is on
 * its way and, with `confirm`, asks first. Use it directly only from a client component, passing a key that a
 * server component made; elsewhere use StaffForm.
 */
export function StaffFormClient({
  action,
  requestKey,
  locale,
  fields,
  confirm,
  className,
  children,
  ...rest
}: StaffFormClientProps) {
  const sent = useRef(false);
  // A new key means a new render after the redirect: the form may be sent again.
  useEffect(() => {
    sent.current = false;
  }, [requestKey]);
  return (
    <form
      action={action}
      className={className}
      onSubmit={(event) => {
        if (sent.current || (confirm && !window.confirm(confirm))) {
          event.preventDefault();
          return;
        }
        sent.current = true;
        window.setTimeout(() => {
          sent.current = false;
        }, RESEND_AFTER_MS);
      }}
      {...rest}
    >
      <input type="hidden" name="requestKey" value={requestKey} />
      <input type="hidden" name="locale" value={locale} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

export type StaffSubmitProps = Omit<ButtonProps, 'type'> & {
  /** Shown instead of the children while the form is being sent (default: the children). */
  busyLabel?: ReactNode;
};

/**
 * A StaffForm's submit button (components/ui Button; default small, rounded, primary): disabled and aria-busy
 * while its form is being sent (React's form status), so a second click does nothing.
 */
export function StaffSubmit({
  busyLabel,
  disabled,
  children,
  size = 'sm',
  shape = 'rounded',
  ...props
}: StaffSubmitProps) {
  const { pending } = useFormStatus();
  return (
    <Button
      {...props}
      type="submit"
      size={size}
      shape={shape}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
    >
      {pending && busyLabel ? busyLabel : children}
    </Button>
  );
}
