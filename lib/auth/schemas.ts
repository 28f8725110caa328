import { z } from 'zod';

/**
 * Schemas of the sign-in, sign-up, forgot-password, resend and reset forms, shared by the browser
 * (react-hook-form's zodResolver) and the server actions (lib/auth/actions.ts). No I/O, no server-only import.
 * Errors are message KEYS of the `AuthForms` namespace.
 */
export const AUTH_LIMITS = {
  nameMin: 2,
  nameMax: 200,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
} as const;

const email = z
  .string({ error: 'emailInvalid' })
  .trim()
  .toLowerCase()
  .max(AUTH_LIMITS.emailMax, { error: 'emailInvalid' })
  .pipe(z.email({ error: 'emailInvalid' }));

/**
 * A new password: 8 to 128 characters (NIST SP 800-63B length rules; no composition rules). The server also
 * refuses common passwords (lib/auth/common-passwords.ts, 'passwordCommon'), a list too big for the browser.
 */
const newPassword = z
  .string({ error: 'passwordMin' })
  .min(AUTH_LIMITS.passwordMin, { error: 'passwordMin' })
  .max(AUTH_LIMITS.passwordMax, { error: 'passwordMax' });

/** Where to go after signing in: any string; the server keeps it only if `safeReturnTarget` accepts it. */
const next = z.string().max(1024).optional();

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: 'passwordRequired' })
    .min(1, { error: 'passwordRequired' })
    .max(AUTH_LIMITS.passwordMax, { error: 'passwordMax' }),
  next,
});

export const signUpSchema = z.object({
  fullName: z
    .string({ error: 'nameMin' })
    .trim()
    .min(AUTH_LIMITS.nameMin, { error: 'nameMin' })
    .max(AUTH_LIMITS.nameMax, { error: 'nameMax' }),
  email,
  password: newPassword,
  next,
});

/** Forgot password and resend confirmation: the address (and, for a reset, where to return afterwards). */
export const emailOnlySchema = z.object({ email, next });

/**
 * A new password. `currentPassword` is needed (and checked by the server) when the person is signed in normally,
 * not through a recovery link; the form shows the field only then.
 */
export const resetPasswordSchema = z.object({
  currentPassword: z.string().max(AUTH_LIMITS.passwordMax, { error: 'passwordMax' }).optional(),
  password: newPassword,
  next,
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignInValues = z.output<typeof signInSchema>;
export type SignUpFormInput = z.input<typeof signUpSchema>;
export type SignUpValues = z.output<typeof signUpSchema>;
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;
export type EmailOnlyValues = z.output<typeof emailOnlySchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;

export { EMAIL_ONLY_FIELDS, RESET_FIELDS, SIGN_IN_FIELDS, SIGN_UP_FIELDS } from './fields';
