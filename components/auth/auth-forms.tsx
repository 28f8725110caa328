'use client';

import { useState } from 'react';

import { requestPasswordReset, resendConfirmation, resetPassword, signIn, signUp } from '@/lib/auth/actions';
import { TextField } from '@/components/community/registration-fields';
import { applyFailure } from '@/components/forms/form-feedback';
import { lazySchema, useLightForm } from '@/components/forms/light-form';
import { Honeypot, useFormGuard } from '@/components/forms/form-guard';
import { Link, useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { authFailureMessage } from '@/lib/auth/messages';
import { withNext } from '@/lib/auth/return-path';
import { EMAIL_ONLY_FIELDS, RESET_FIELDS, SIGN_IN_FIELDS, SIGN_UP_FIELDS } from '@/lib/auth/fields';
import type {
  EmailOnlyInput,
  EmailOnlyValues,
  ResetPasswordInput,
  ResetPasswordValues,
  SignInInput,
  SignInValues,
  SignUpFormInput,
  SignUpValues,
} from '@/lib/auth/schemas';
import { GUARD_FIELDS, type ActionFailure } from '@/lib/action-result';

// zod and the schemas load on the first focus of a form (preload) or its first validation, not with the page.
const schemas = () => import('@/lib/auth/schemas');
const signInSchema = lazySchema<SignInInput, SignInValues>(() => schemas().then((m) => m.signInSchema));
const signUpSchema = lazySchema<SignUpFormInput, SignUpValues>(() => schemas().then((m) => m.signUpSchema));
const emailOnlySchema = lazySchema<EmailOnlyInput, EmailOnlyValues>(() =>
  schemas().then((m) => m.emailOnlySchema),
);
const resetSchema = lazySchema<ResetPasswordInput, ResetPasswordValues>(() =>
  schemas().then((m) => m.resetPasswordSchema),
);

/**
 * The account forms of /login and /email-confirmation (docs/SPEC-NOTES.md §2, §4): useLightForm with the zod schemas the
 * server actions use (lib/auth/schemas.ts), translated field and form messages (AuthForms), a live region for
 * the outcome, and the busy label while a request runs. After a sign-in, sign-up or new password the browser
 * loads the returned page in full, so the header's user menu starts from the new session.
 */

const buttonClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand px-5 py-2.5 font-semibold text-brand-fg hover:bg-brand-hover disabled:cursor-wait disabled:opacity-75';
const alertClass =
  'rounded-lg border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100';
const noticeClass = 'rounded-lg border border-border bg-surface p-3 text-sm font-medium text-fg';

type Messages = ReturnType<typeof useClientMessages<'AuthForms'>>;

/** Field message text for a key (unknown keys → the generic 'invalid'). */
function fieldMessage(t: Messages, key: string | undefined) {
  if (!key) return undefined;
  const text = t(key as Parameters<Messages>[0]);
  return text === key ? t('invalid') : text;
}

/** Shows a failed result: field messages on the fields, and returns the form-level message (or null). */
function useFailure(
  setError: (name: never, error: { type?: string; message?: string }) => void,
  fields: readonly string[],
) {
  const t = useClientMessages('AuthForms');
  const forms = useClientMessages('Forms');
  return (result: ActionFailure): { text: string; key: string } | null => {
    const auth = authFailureMessage(result);
    if (auth) return { text: t(auth.key, auth.values), key: auth.key };
    const key = applyFailure(result, setError as never, fields);
    return key === 'invalid' ? null : { text: forms(key), key };
  };
}

function FormAlert({ message, children }: { message: string | null; children?: React.ReactNode }) {
  return (
    <div role="alert" aria-live="assertive">
      {message ? (
        <p className={alertClass}>
          {message} {children}
        </p>
      ) : null}
    </div>
  );
}

/** Sign in: email and password; `next` (from the URL) is checked by the server. */
export function SignInForm({ next }: { next?: string }) {
  const t = useClientMessages('AuthForms');
  const locale = useLocale();
  const [error, setErrorMessage] = useState<{ text: string; key: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useLightForm<SignInInput, SignInValues>({
    schema: signInSchema,
    defaultValues: { email: '', password: '', next },
  });
  const failure = useFailure(setError, SIGN_IN_FIELDS);
  const onSubmit = async (data: SignInValues) => {
    setErrorMessage(null);
    const result = await signIn({ ...data, next, [GUARD_FIELDS.locale]: locale });
    if (result.ok) window.location.assign(result.data.redirectTo);
    else setErrorMessage(failure(result));
  };
  const { errors, isSubmitting } = formState;
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      onFocus={signInSchema.preload}
      className="space-y-5"
      data-form="sign-in"
    >
      <FormAlert message={error?.text ?? null}>
        {error?.key === 'emailNotConfirmed' ? (
          <Link href="/email-confirmation" className="underline">
            {t('resendTitle')}
          </Link>
        ) : null}
      </FormAlert>
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        error={fieldMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="current-password"
        required
        error={fieldMessage(t, errors.password?.message)}
        {...register('password')}
      />
      <button type="submit" className={buttonClass} disabled={isSubmitting}>
        {isSubmitting ? t('signingIn') : t('signIn')}
      </button>
      <p className="text-center">
        <Link href={withNext('/login?mode=forgot', next)} className="font-medium text-brand underline">
          {t('forgotLink')}
        </Link>
      </p>
    </form>
  );
}

/** Sign up: full name, email, password (spam guard: honeypot and fill time). */
export function SignUpForm({ next }: { next?: string }) {
  const t = useClientMessages('AuthForms');
  const [error, setErrorMessage] = useState<{ text: string; key: string } | null>(null);
  const { honeypotRef, values, refresh } = useFormGuard({ form: 'sign-up' });
  const { register, handleSubmit, setError, formState } = useLightForm<SignUpFormInput, SignUpValues>({
    schema: signUpSchema,
    defaultValues: { fullName: '', email: '', password: '', next },
  });
  const failure = useFailure(setError, SIGN_UP_FIELDS);
  const onSubmit = async (data: SignUpValues) => {
    setErrorMessage(null);
    let result = await signUp({ ...data, ...(await values()) });
    if (!result.ok && result.error === 'expired') {
      await refresh();
      result = await signUp({ ...data, ...(await values()) });
    }
    if (result.ok) window.location.assign(result.data.redirectTo);
    else setErrorMessage(failure(result));
  };
  const { errors, isSubmitting } = formState;
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      onFocus={signUpSchema.preload}
      className="relative space-y-5"
      data-form="sign-up"
    >
      <Honeypot inputRef={honeypotRef} />
      <FormAlert message={error?.text ?? null} />
      <TextField
        label={t('fullName')}
        autoComplete="name"
        required
        error={fieldMessage(t, errors.fullName?.message)}
        {...register('fullName')}
      />
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        error={fieldMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="new-password"
        hint={t('passwordHint')}
        required
        error={fieldMessage(t, errors.password?.message)}
        {...register('password')}
      />
      <button type="submit" className={buttonClass} disabled={isSubmitting}>
        {isSubmitting ? t('signingUp') : t('signUp')}
      </button>
    </form>
  );
}

/**
 * One email field that asks for a link: 'reset' (forgot password; `next` rides on the emailed link) or 'resend'
 * (confirmation).
 */
export function EmailLinkForm({ purpose, next }: { purpose: 'reset' | 'resend'; next?: string }) {
  const t = useClientMessages('AuthForms');
  const [error, setErrorMessage] = useState<{ text: string; key: string } | null>(null);
  const [sent, setSent] = useState(false);
  const { honeypotRef, values, refresh } = useFormGuard({
    form: purpose === 'reset' ? 'password-reset' : 'resend-confirmation',
  });
  const { register, handleSubmit, setError, formState } = useLightForm<EmailOnlyInput, EmailOnlyValues>({
    schema: emailOnlySchema,
    defaultValues: { email: '' },
  });
  const failure = useFailure(setError, EMAIL_ONLY_FIELDS);
  const action = purpose === 'reset' ? requestPasswordReset : resendConfirmation;
  const onSubmit = async (data: EmailOnlyValues) => {
    setErrorMessage(null);
    setSent(false);
    const payload = purpose === 'reset' ? { ...data, next } : data;
    let result = await action({ ...payload, ...(await values()) });
    if (!result.ok && result.error === 'expired') {
      await refresh();
      result = await action({ ...payload, ...(await values()) });
    }
    if (result.ok) {
      setSent(true);
      void refresh();
    } else setErrorMessage(failure(result));
  };
  const { errors, isSubmitting } = formState;
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      onFocus={emailOnlySchema.preload}
      className="relative space-y-5"
      data-form={purpose}
    >
      <Honeypot inputRef={honeypotRef} />
      <FormAlert message={error?.text ?? null} />
      <div role="status">
        {sent ? (
          <p className={noticeClass}>{purpose === 'reset' ? t('resetSent') : t('resendSent')}</p>
        ) : null}
      </div>
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        error={fieldMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <button type="submit" className={buttonClass} disabled={isSubmitting}>
        {isSubmitting ? t('sending') : purpose === 'reset' ? t('sendResetLink') : t('resendButton')}
      </button>
    </form>
  );
}

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
  const t = useClientMessages('AuthForms');
  const locale = useLocale();
  const [error, setErrorMessage] = useState<{ text: string; key: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useLightForm<
    ResetPasswordInput,
    ResetPasswordValues
  >({
    schema: resetSchema,
    defaultValues: requireCurrent ? { currentPassword: '', password: '' } : { password: '' },
  });
  const failure = useFailure(setError, RESET_FIELDS);
  const onSubmit = async (data: ResetPasswordValues) => {
    setErrorMessage(null);
    if (requireCurrent && !data.currentPassword) {
      setError('currentPassword', { message: 'currentPasswordRequired' }, { shouldFocus: true });
      return;
    }
    const result = await resetPassword({ ...data, next, [GUARD_FIELDS.locale]: locale });
    if (result.ok) window.location.assign(result.data.redirectTo);
    else setErrorMessage(failure(result));
  };
  const { errors, isSubmitting } = formState;
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      onFocus={resetSchema.preload}
      className="space-y-5"
      data-form="reset"
    >
      <FormAlert message={error?.text ?? null} />
      {requireCurrent ? (
        <TextField
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          error={fieldMessage(t, errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
      ) : null}
      <TextField
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('passwordHint')}
        required
        error={fieldMessage(t, errors.password?.message)}
        {...register('password')}
      />
      <button type="submit" className={buttonClass} disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('savePassword')}
      </button>
    </form>
  );
}
