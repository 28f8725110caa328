/**
 * The accounts contract (docs/ARCHITECTURE.md §2): one interface, two adapters (lib/auth/local.ts, lib/auth/supabase.ts).
 * Pure types and codes, shared by the server and tests.
 */

/** The signed-in person as the site sees them, whichever adapter answered. */
export type AuthUser = {
  /** uuid: local_users.id, or Supabase auth.users.id; the `user_id` of enrolments, progress and user_roles. */
  id: string;
  /** Lower-cased. */
  email: string;
  /** The full name given at sign-up, if any. */
  name: string | null;
  /**
   * Whether the address was confirmed through the emailed link before this session began. A session opened
   * before the confirmation reads false: it may belong to whoever registered the address first, and ADMIN_EMAILS
   * rests on this flag.
   */
  emailConfirmed: boolean;
};

/** Why an auth call failed; each has a translated message (AuthForms namespace, lib/auth/messages.ts). */
export type AuthErrorCode =
  | 'invalid-credentials' // wrong email or password: one message for both, so addresses are not revealed
  | 'email-not-confirmed' // right password, but the confirmation link was not opened yet
  | 'invalid-link' // an emailed link that is unknown, used or expired
  | 'weak-password' // refused by the password rules
  | 'not-signed-in' // the call needs a session (password reset after the recovery link)
  | 'current-password' // a password change from an ordinary session without the right current password
  | 'rate-limited' // too many attempts (ours or the auth server's)
  | 'server'; // the auth service or database failed

export type AuthResult<T> = { ok: true; data: T } | { ok: false; error: AuthErrorCode };

/** Link types of `/auth/confirm?token_hash=…&type=…` (Supabase's EmailOtpType values we use). */
export type EmailLinkType = 'signup' | 'email' | 'recovery';

/**
 * `locale`: the language of the confirmation email and of the pages after its link. `next`: a site path to
 * return to after confirming (the adapter passes it on only if `safeReturnTarget` accepts it).
 */
export type SignUpInput = {
  email: string;
  password: string;
  fullName: string;
  locale?: string;
  next?: string;
};

/**
 * What both adapters do. Methods never throw for expected failures (they return `{ ok: false, error }`); a
 * database or network failure is `'server'`. Session changes go through the adapter's cookie jar.
 */
export interface AuthAdapter {
  readonly kind: 'local' | 'supabase';
  /**
   * Creates an account and emails a confirmation link (`/auth/confirm?token_hash=…&type=signup`). No session
   * until the link is opened. Signing up with an address that already has an account also succeeds (the email
   * tells its owner instead), so the form never reveals who has an account.
   */
  signUp(input: SignUpInput): Promise<AuthResult<{ confirmationRequired: boolean }>>;
  /** Sends the confirmation link again if the address has an unconfirmed account; always ok otherwise. */
  resendConfirmation(email: string, locale?: string): Promise<AuthResult<null>>;
  /**
   * Opens an emailed link: confirms the address (signup/email) or proves ownership (recovery); signs in. A
   * confirmation ends every other session of the account and keeps no password but the one typed in the sign-up
   * that sent the link. `passwordNeeded`: the link carried no password (a resent link), the account now has none
   * that works, and this browser holds a short recovery session to choose one.
   */
  confirmEmail(input: {
    tokenHash: string;
    type: EmailLinkType;
  }): Promise<AuthResult<{ user: AuthUser; passwordNeeded?: boolean }>>;
  /** Email and password; a new session (rotation). */
  signIn(input: { email: string; password: string }): Promise<AuthResult<{ user: AuthUser }>>;
  /** Ends the current session (if any) and clears the cookie. Never throws. */
  signOut(): Promise<void>;
  /**
   * Emails a recovery link if the address has an account; always ok (no enumeration). `locale` and `next` as in
   * `SignUpInput`.
   */
  requestPasswordReset(email: string, locale?: string, next?: string): Promise<AuthResult<null>>;
  /**
   * Sets a new password for the signed-in user. Allowed from the short recovery session an emailed recovery link
   * opened, or from an ordinary session only with the right `currentPassword` (else 'current-password'). Every
   * session ends (this browser gets a new one); the local adapter also voids the user's unused emailed links and
   * emails a "your password was changed" notice (in `locale`).
   */
  resetPassword(input: {
    password: string;
    currentPassword?: string;
    locale?: string;
  }): Promise<AuthResult<null>>;
  /**
   * The kind of this browser's session: 'recovery' when it was opened by a recovery link within the last
   * 15 minutes (a password change needs no current password), 'session' otherwise, null when signed out.
   */
  sessionKind(): Promise<'session' | 'recovery' | null>;
  /**
   * Checks the signed-in user's password again before an irreversible step (deleting the account): ok, or
   * 'current-password' (wrong), 'not-signed-in', 'rate-limited' or 'server'. Changes no session.
   */
  confirmPassword(password: string): Promise<AuthResult<null>>;
  /** The signed-in user for reads (cheap: local session row, or Supabase `getClaims()`), or null. */
  currentUser(): Promise<AuthUser | null>;
  /** The signed-in user checked with the auth server (Supabase `getUser()`), before writes; or null. */
  verifiedUser(): Promise<AuthUser | null>;
}
