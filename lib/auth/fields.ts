/**
 * The account forms' field names, in order (for server field errors and focus). Kept apart from the zod schemas
 * (lib/auth/schemas.ts, which re-exports them) so the browser's forms can use them without loading zod.
 */
export const SIGN_IN_FIELDS = ['email', 'password'] as const;
export const SIGN_UP_FIELDS = ['fullName', 'email', 'password'] as const;
export const EMAIL_ONLY_FIELDS = ['email'] as const;
export const RESET_FIELDS = ['currentPassword', 'password'] as const;
