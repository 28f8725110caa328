'use client';

import { useActionState } from 'react';

import { signIn, signInForm } from '@/lib/auth/actions';
import { ErrorSummary } from '@/components/forms/error-summary';
import { lazySchema } from '@/components/forms/light-form';
import { TextField } from '@/components/ui/input';
import { StatusNotice } from '@/components/ui/status-notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { Link, useLocale } from '@/i18n/client';
import { SIGN_IN_FIELDS } from '@/lib/auth/fields';
import { EMPTY_AUTH_STATE } from '@/lib/auth/form-state';
import type { SignInInput, SignInValues } from '@/lib/auth/schemas';
import { GUARD_FIELDS } from '@/lib/action-result';

import { AuthHiddenFields } from './hidden-fields';
import { PasswordField } from './password-field';
import { loadAuthSchemas, useAuthForm } from './use-auth-form';

const signInSchema = lazySchema<SignInInput, SignInValues>(() =>
  loadAuthSchemas().then((m) => m.signInSchema),
);

/**
 * Sign in (/login): email and password; `next` (from the URL) is checked by the server. On success the browser
 * loads the returned page in full, so the header's user menu starts from the new session. `forgotHref` is the
 * forgot-password link, built by the page with `withNext` (lib/auth/return-path.ts), so the `next` sanitising
 * stays on the server and out of this form's first-load JavaScript. Without JavaScript (or before hydration) the
 * form posts to `signInForm`, which answers with the messages and the typed email, or redirects.
 */
export function SignInForm({ next, forgotHref }: { next?: string; forgotHref: string }) {
  const locale = useLocale();
  const [state, formAction] = useActionState(signInForm, EMPTY_AUTH_STATE);
  const { t, alert, fail, onSubmit, register, fieldError, kept, fieldId, summary, isSubmitting } =
    useAuthForm({
      schema: signInSchema,
      defaultValues: { email: '', password: '', next },
      fields: SIGN_IN_FIELDS,
      state,
    });
  const send = async (data: SignInValues) => {
    const result = await signIn({ ...data, next, [GUARD_FIELDS.locale]: locale });
    if (result.ok) window.location.assign(result.data.redirectTo);
    else fail(result);
  };
  return (
    <form
      action={formAction}
      noValidate
      onSubmit={onSubmit(send)}
      onFocus={signInSchema.preload}
      className="space-y-5"
      data-form="sign-in"
    >
      <ErrorSummary {...summary(['email', 'password'])} />
      <AuthHiddenFields state={state} next={next} />
      <StatusNotice tone="error">
        {alert ? (
          <>
            {alert.text}{' '}
            {alert.key === 'emailNotConfirmed' ? (
              <Link href="/email-confirmation" className="underline">
                {t('resendTitle')}
              </Link>
            ) : null}
          </>
        ) : null}
      </StatusNotice>
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
        autoComplete="current-password"
        required
        error={fieldError('password')}
        {...register('password')}
      />
      <SubmitButton pending={isSubmitting} busyLabel={t('signingIn')} shape="rounded" className="w-full">
        {t('signIn')}
      </SubmitButton>
      <p className="text-center">
        <Link href={forgotHref} className="font-medium text-brand underline">
          {t('forgotLink')}
        </Link>
      </p>
    </form>
  );
}
