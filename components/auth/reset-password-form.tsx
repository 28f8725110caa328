'use client';

import { resetPassword } from '@/lib/auth/actions';
import { lazySchema } from '@/components/forms/light-form';
import { TextField } from '@/components/ui/input';
import { StatusNotice } from '@/components/ui/status-notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { useLocale } from '@/i18n/client';
import { RESET_FIELDS } from '@/lib/auth/fields';
import type { ResetPasswordInput, ResetPasswordValues } from '@/lib/auth/schemas';
import { GUARD_FIELDS } from '@/lib/action-result';

import { loadAuthSchemas, useAuthForm } from './use-auth-form';

const resetSchema = lazySchema<ResetPasswordInput, ResetPasswordValues>(() =>
  loadAuthSchemas().then((m) => m.resetPasswordSchema),
);

/**
 * New password; then the sign-in page, keeping `next`. After a recovery link (`requireCurrent` false) the new
 * password is enough; a person signed in normally (`requireCurrent`) must also give the current one, which the
 * server checks.
 */
export function ResetPasswordForm({
  next,
  requireCurrent = false,
}: {
  next?: string;
  requireCurrent?: boolean;
}) {
  const locale = useLocale();
  const { t, alert, fail, onSubmit, register, setError, fieldError, isSubmitting } = useAuthForm<
    ResetPasswordInput,
    ResetPasswordValues
  >({
    schema: resetSchema,
    defaultValues: requireCurrent ? { currentPassword: '', password: '' } : { password: '' },
    fields: RESET_FIELDS,
  });
  const send = async (data: ResetPasswordValues) => {
    if (requireCurrent && !data.currentPassword) {
      setError('currentPassword', { message: 'currentPasswordRequired' }, { shouldFocus: true });
      return;
    }
    const result = await resetPassword({ ...data, next, [GUARD_FIELDS.locale]: locale });
    if (result.ok) window.location.assign(result.data.redirectTo);
    else fail(result);
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit(send)}
      onFocus={resetSchema.preload}
      className="space-y-5"
      data-form="reset"
    >
      <StatusNotice tone="error">{alert?.text}</StatusNotice>
      {requireCurrent ? (
        <TextField
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          error={fieldError('currentPassword')}
          {...register('currentPassword')}
        />
      ) : null}
      <TextField
        label={t('newPassword')}
        type="password"
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
