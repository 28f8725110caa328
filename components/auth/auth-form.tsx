'use client';

import { lazy } from 'react';

import { SignInForm } from './sign-in-form';

// /login shows one form per request, most often sign-in (its default), which comes with the page. The other three
// are their own chunks, loaded when shown (issue 20 item 2: /login was 30.9 KB over a blank page, budget 30 KB).
// A Client Component imported by a Server Component is bundled with every other one on the page, so the split
// has to happen here, in a Client Component. React.lazy rather than next/dynamic: next/dynamic's own runtime
// (loadable, chunk preloading) weighed about as much as the forms it would have split off. They still render
// on the server: the HTML holds the form, and the browser loads its code while hydrating.
const SignUpForm = lazy(() => import('./sign-up-form').then((m) => ({ default: m.SignUpForm })));
const EmailLinkForm = lazy(() => import('./email-link-form').then((m) => ({ default: m.EmailLinkForm })));
const ResetPasswordForm = lazy(() =>
  import('./reset-password-form').then((m) => ({ default: m.ResetPasswordForm })),
);

/** Which account form /login shows, with that form's own props. */
export type AuthFormProps =
  | { form: 'sign-in'; next?: string; forgotHref: string }
  | { form: 'sign-up'; next?: string; token?: string }
  | { form: 'forgot'; next?: string; token?: string }
  | { form: 'reset'; next?: string; requireCurrent: boolean };

/**
 * One of /login's forms (app/[locale]/login/page.tsx), chosen by `form`: sign in, create an account, ask for a
 * password-reset link, or set a new password. Takes the same props as the form it draws (`next` is the checked
 * return path, `forgotHref` sign-in's forgot-password link, `token` the spam guard's fill-time token for a post
 * without JavaScript); the page loads only sign-in's code up front, the others' when they are shown.
 */
export function AuthForm(props: AuthFormProps) {
  switch (props.form) {
    case 'sign-up':
      return <SignUpForm next={props.next} token={props.token} />;
    case 'forgot':
      return <EmailLinkForm purpose="reset" next={props.next} token={props.token} />;
    case 'reset':
      return <ResetPasswordForm next={props.next} requireCurrent={props.requireCurrent} />;
    default:
      return <SignInForm next={props.next} forgotHref={props.forgotHref} />;
  }
}
