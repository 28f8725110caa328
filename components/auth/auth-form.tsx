'use client';

import dynamic from 'next/dynamic';

// Each form is its own chunk: /login shows one of them per request, and a Client Component imported by a Server
// Component is bundled with every other one on the page (next/dynamic splits only from a Client Component), so
// the page used to download all four (issue 20 item 2: /login was 30.9 KB over a blank page, budget 30 KB).
// They still render on the server; the browser loads the shown form's chunk with the page.
const SignInForm = dynamic(() => import('./sign-in-form').then((m) => m.SignInForm));
const SignUpForm = dynamic(() => import('./sign-up-form').then((m) => m.SignUpForm));
const EmailLinkForm = dynamic(() => import('./email-link-form').then((m) => m.EmailLinkForm));
const ResetPasswordForm = dynamic(() => import('./reset-password-form').then((m) => m.ResetPasswordForm));

/** Which account form /login shows, with that form's own props. */
export type AuthFormProps =
  | { form: 'sign-in'; next?: string }
  | { form: 'sign-up'; next?: string }
  | { form: 'forgot'; next?: string }
  | { form: 'reset'; next?: string; requireCurrent: boolean };

/**
 * One of /login's forms (app/[locale]/login/page.tsx), chosen by `form`: sign in, create an account, ask for a
 * password-reset link, or set a new password. Takes the same props as the form it draws (`next` is the checked
 * return path); loads only that form's code.
 */
export function AuthForm(props: AuthFormProps) {
  switch (props.form) {
    case 'sign-up':
      return <SignUpForm next={props.next} />;
    case 'forgot':
      return <EmailLinkForm purpose="reset" next={props.next} />;
    case 'reset':
      return <ResetPasswordForm next={props.next} requireCurrent={props.requireCurrent} />;
    default:
      return <SignInForm next={props.next} />;
  }
}
