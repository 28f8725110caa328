'use client';

import { useActionState } from 'react';

import { resetPassword, resetPasswordForm } from '@/lib/auth/actions';
import { lazySchema } from '@/components/forms/light-form';
import { ErrorSummary } from '@/components/forms/error-summary';
import { StatusNotice } from '@/components/ui/status-notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { useLocale } from '@/i18n/client';
import { RESET_FIELDS } from '@/lib/auth/fields';
import { EMPTY_AUTH_STATE } from '@/lib/auth/form-state';
import type { ResetPasswordInput, ResetPasswordValues } from '@/lib/auth/schemas';
import { GUARD_FIELDS } from '@/lib/action-result';

import { AuthHiddenFields } from './hidden-fields';
import { PasswordField } from './password-field';
import { loadAuthSchemas, useAuthForm } from './use-auth-form';

const resetSchema = lazySchema<ResetPasswordInput, ResetPasswordValues>(() =>
  loadAuthSchemas().then((m) => m.resetPasswordSchema),
);

/**
 * New password; then the sign-in page, keeping `next`. After a recovery link (`requireCurrent` false) the new
 * password is enough; a person signed in normally (`requireCurrent`) must also give the current one, which the
 * server checks. Without JavaScript (or before hydration) it posts to `resetPasswordForm`; no password is ever
 * sent back into the page.
 */
export function ResetPasswordForm({
  next,
  requireCurrent = false,
}: {
  next?: string;
  requireCurrent?: boolean;
}) {
  const locale = useLocale();
  const [state, formAction] = useActionState(resetPasswordForm, EMPTY_AUTH_STATE);
  const {
    t,
    alert,
    fail,
    onSubmit,
    register,
    setError,
    refused,
    fieldError,
    fieldId,
    summary,
    isSubmitting,
  } = useAuthForm<ResetPasswordInput, ResetPasswordValues>({
    schema: resetSchema,
    defaultValues: requireCurrent ? { currentPassword: '', password: '' } : { password: '' },
    fields: RESET_FIELDS,
    state,
  });
  const send = async (data: ResetPasswordValues) => {
    if (requireCurrent && !data.currentPassword) {
      setError('currentPassword', { message: 'currentPasswordRequired' });
      refused();
      return;
    }
    const result = await resetPassword({ ...data, next, [GUARD_FIELDS.locale]: locale });
    if (result.ok) window.location.assign(result.data.redirectTo);
    else fail(result);
  };
  return (
    <form
      action={formAction}
      noValidate
      onSubmit={onSubmit(send)}
      onFocus={resetSchema.preload}
      className="space-y-5"
      data-form="reset"
    >
      <ErrorSummary {...summary(requireCurrent ? ['currentPassword', 'password'] : ['password'])} />
      <AuthHiddenFields state={state} next={next} />
      <StatusNotice tone="error">{alert?.text}</StatusNotice>
      {requireCurrent ? (
        <PasswordField
          id={fieldId('currentPassword')}
          label={t('currentPassword')}
          autoComplete="current-password"
          required
          error={fieldError('currentPassword')}
          {...register('currentPassword')}
        />
      ) : null}
      <PasswordField
        id={fieldId('password')}
        label={t('newPassword')}
        autoComplete="new-password"
        hint={t('passwordHint')}
        required
        error={fieldError('password')}
        {...register('password')}
      />
      <SubmitButton pending={isSubmitting} busyLabel={t('saving')} shape="rounded" className="w-full">
        {t('savePassword')}
      </SubmitButton>
    </form>
  );
}
