'use client';

import { useState } from 'react';

import { requestPasswordReset, resendConfirmation } from '@/lib/auth/actions';
import { Honeypot, useFormGuard } from '@/components/forms/form-guard';
import { lazySchema } from '@/components/forms/light-form';
import { TextField } from '@/components/ui/input';
import { StatusNotice } from '@/components/ui/status-notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { EMAIL_ONLY_FIELDS } from '@/lib/auth/fields';
import type { EmailOnlyInput, EmailOnlyValues } from '@/lib/auth/schemas';

import { loadAuthSchemas, retryIfExpired, useAuthForm } from './use-auth-form';

const emailOnlySchema = lazySchema<EmailOnlyInput, EmailOnlyValues>(() =>
  loadAuthSchemas().then((m) => m.emailOnlySchema),
);

/**
 * One email field that asks for a link: 'reset' (forgot password, /login?mode=forgot; `next` rides on the
 * emailed link) or 'resend' (confirmation, /email-confirmation). A sent link is confirmed in a status line.
 */
export function EmailLinkForm({ purpose, next }: { purpose: 'reset' | 'resend'; next?: string }) {
  const [sent, setSent] = useState(false);
  const { honeypotRef, values, refresh } = useFormGuard({
    form: purpose === 'reset' ? 'password-reset' : 'resend-confirmation',
  });
  const { t, alert, fail, onSubmit, register, fieldError, isSubmitting } = useAuthForm({
    schema: emailOnlySchema,
    defaultValues: { email: '' },
    fields: EMAIL_ONLY_FIELDS,
  });
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
      noValidate
      onSubmit={onSubmit(send)}
      onFocus={emailOnlySchema.preload}
      className="relative space-y-5"
      data-form={purpose}
    >
      <Honeypot inputRef={honeypotRef} />
      <StatusNotice tone="error">{alert?.text}</StatusNotice>
      <StatusNotice>{sent ? (purpose === 'reset' ? t('resetSent') : t('resendSent')) : null}</StatusNotice>
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        error={fieldError('email')}
        {...register('email')}
      />
      <SubmitButton pending={isSubmitting} busyLabel={t('sending')} shape="rounded" className="w-full">
        {purpose === 'reset' ? t('sendResetLink') : t('resendButton')}
      </SubmitButton>
    </form>
  );
}
