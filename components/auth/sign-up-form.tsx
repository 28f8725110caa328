'use client';

import { useActionState } from 'react';

import { signUp, signUpForm } from '@/lib/auth/actions';
import { Honeypot, useFormGuard } from '@/components/forms/form-guard';
import { ErrorSummary } from '@/components/forms/error-summary';
import { lazySchema } from '@/components/forms/light-form';
import { TextField } from '@/components/ui/input';
import { StatusNotice } from '@/components/ui/status-notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { SIGN_UP_FIELDS } from '@/lib/auth/fields';
import { EMPTY_AUTH_STATE } from '@/lib/auth/form-state';
import type { SignUpFormInput, SignUpValues } from '@/lib/auth/schemas';

import { AuthHiddenFields } from './hidden-fields';
import { PasswordField } from './password-field';
import { loadAuthSchemas, retryIfExpired, useAuthForm } from './use-auth-form';

const signUpSchema = lazySchema<SignUpFormInput, SignUpValues>(() =>
  loadAuthSchemas().then((m) => m.signUpSchema),
);

/**
 * Sign up (/login?mode=signup): full name, email, password (spam guard: honeypot and fill time). On success the
 * browser loads the returned page (the 'check your email' step) in full. Without JavaScript (or before hydration)
 * it posts to `signUpForm` with the fill-time `token` the page was rendered with.
 */
export function SignUpForm({ next, token }: { next?: string; token?: string }) {
  const { honeypotRef, values, refresh } = useFormGuard({ form: 'sign-up' });
  const [state, formAction] = useActionState(signUpForm, EMPTY_AUTH_STATE);
  const { t, alert, fail, onSubmit, register, fieldError, kept, fieldId, summary, isSubmitting } =
    useAuthForm({
      schema: signUpSchema,
      defaultValues: { fullName: '', email: '', password: '', next },
      fields: SIGN_UP_FIELDS,
      state,
    });
  const send = async (data: SignUpValues) => {
    const result = await retryIfExpired(async () => signUp({ ...data, ...(await values()) }), refresh);
    if (result.ok) window.location.assign(result.data.redirectTo);
    else fail(result);
  };
  return (
    <form
      action={formAction}
      noValidate
      onSubmit={onSubmit(send)}
      onFocus={signUpSchema.preload}
      className="relative space-y-5"
      data-form="sign-up"
    >
      <ErrorSummary {...summary(['fullName', 'email', 'password'])} />
      <Honeypot inputRef={honeypotRef} />
      <AuthHiddenFields state={state} next={next} token={token} guarded />
      <StatusNotice tone="error">{alert?.text}</StatusNotice>
      <TextField
        id={fieldId('fullName')}
        label={t('fullName')}
        autoComplete="name"
        required
        defaultValue={kept('fullName')}
        error={fieldError('fullName')}
        {...register('fullName')}
      />
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
      <PasswordField
        id={fieldId('password')}
        label={t('password')}
        autoComplete="new-password"
        hint={t('passwordHint')}
        required
        error={fieldError('password')}
        {...register('password')}
      />
      <SubmitButton pending={isSubmitting} busyLabel={t('signingUp')} shape="rounded" className="w-full">
        {t('signUp')}
      </SubmitButton>
    </form>
  );
}
