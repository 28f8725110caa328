'use client';

import { useActionState, useState } from 'react';

import {
  requestPasswordReset,
  requestPasswordResetForm,
  resendConfirmation,
  resendConfirmationForm,
} from '@/lib/auth/actions';
import { Honeypot, useFormGuard } from '@/components/forms/form-guard';
import { ErrorSummary } from '@/components/forms/error-summary';
import { lazySchema } from '@/components/forms/light-form';
import { TextField } from '@/components/ui/input';
import { StatusNotice } from '@/components/ui/status-notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { EMAIL_ONLY_FIELDS } from '@/lib/auth/fields';
import { EMPTY_AUTH_STATE } from '@/lib/auth/form-state';
import type { EmailOnlyInput, EmailOnlyValues } from '@/lib/auth/schemas';

import { AuthHiddenFields } from './hidden-fields';
import { loadAuthSchemas, retryIfExpired, useAuthForm } from './use-auth-form';

const emailOnlySchema = lazySchema<EmailOnlyInput, EmailOnlyValues>(() =>
  loadAuthSchemas().then((m) => m.emailOnlySchema),
);

/**
 * One email field that asks for a link: 'reset' (forgot password, /login?mode=forgot; `next` rides on the
 * emailed link) or 'resend' (confirmation, /email-confirmation). A sent link is confirmed in a status line.
 * Without JavaScript (or before hydration) it posts to the matching `…Form` action, with the fill-time `token`
 * the page was rendered with (/login); a static page has none, and the server's first answer brings one.
 */
export function EmailLinkForm({
  purpose,
  next,
  token,
}: {
  purpose: 'reset' | 'resend';
  next?: string;
  token?: string;
}) {
  const [sentHere, setSent] = useState<boolean | null>(null);
  const { honeypotRef, values, refresh } = useFormGuard({
    form: purpose === 'reset' ? 'password-reset' : 'resend-confirmation',
  });
  const [state, formAction] = useActionState(
    purpose === 'reset' ? requestPasswordResetForm : resendConfirmationForm,
    EMPTY_AUTH_STATE,
  );
  const { t, alert, fail, onSubmit, register, fieldError, kept, fieldId, summary, isSubmitting } =
    useAuthForm({
      schema: emailOnlySchema,
      defaultValues: { email: '' },
      fields: EMAIL_ONLY_FIELDS,
      state,
    });
  // After a scripted submission its own outcome counts; before, the no-JavaScript answer's.
  const sent = sentHere ?? state.sent === true;
  const action = purpose === 'reset' ? requestPasswordReset : resendConfirmation;
  const send = async (data: EmailOnlyValues) => {
    setSent(false);
    const payload = purpose === 'reset' ? { ...data, next } : data;
    const result = await retryIfExpired(async () => action({ ...payload, ...(await values()) }), refresh);
    if (result.ok) {
      setSent(true);
      void refresh();
    } else fail(result);
  };
  return (
    <form
      action={formAction}
      noValidate
      onSubmit={onSubmit(send)}
      onFocus={emailOnlySchema.preload}
      className="relative space-y-5"
      data-form={purpose}
    >
      <ErrorSummary {...summary(['email'])} />
      <Honeypot inputRef={honeypotRef} />
      <AuthHiddenFields state={state} next={purpose === 'reset' ? next : undefined} token={token} guarded />
      <StatusNotice tone="error">{alert?.text}</StatusNotice>
      <StatusNotice>{sent ? (purpose === 'reset' ? t('resetSent') : t('resendSent')) : null}</StatusNotice>
      <TextField
        id={fieldId('email')}
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        defaultValue={kept('email')}
        error={fieldError('email')}
        {...register('email')}
      />
      <SubmitButton pending={isSubmitting} busyLabel={t('sending')} shape="rounded" className="w-full">
        {purpose === 'reset' ? t('sendResetLink') : t('resendButton')}
      </SubmitButton>
    </form>
  );
}
