'use server';

import { after } from 'next/server';
import { z } from 'zod';

import { redirect } from '@/i18n/navigation';
import { routing, toLocale } from '@/i18n/routing';
import { type ActionFailure, GUARD_FIELDS } from '@/lib/action-result';
import { getDb } from '@/lib/db';
import { formText } from '@/lib/forms/fields';
import type { FormState } from '@/lib/forms/form-state';
import { refusedFormState } from '@/lib/forms/progressive';
import { confirmNewsletter, unsubscribeNewsletter } from '@/lib/mailing';
import { action } from '@/lib/safe-action';

import { handleNewsletter, newsletterForm } from './handler';

/** The newsletter form's server action (lib/newsletter/handler.ts), behind the action wrapper (lib/safe-action.ts). */
export const subscribeToNewsletter = action(newsletterForm, handleNewsletter);

/**
 * The signup form posted without JavaScript (or before hydration; `useActionState`): the same checks and signup
 * as `subscribeToNewsletter`, then the same thank-you page (a redirect). A refusal answers the form's state: the
 * address as typed, its message key and a fill-time token (lib/forms/progressive.ts).
 */
export async function subscribeToNewsletterForm(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const result = await subscribeToNewsletter(formData);
  if (!result.ok) return refusedFormState(newsletterForm, result, formData, { fields: ['email'] });
  redirect({ href: result.data.thankYou, locale: toLocale(formText(formData, GUARD_FIELDS.locale)) });
}

const linkForm = z.object({
  token: z.string().min(1).max(200),
  locale: z.enum(routing.locales).catch(routing.defaultLocale),
});

/** What a link action answers to input that its page's form never sends (no redirect: nothing to show). */
const REFUSED: ActionFailure = { ok: false, status: 400, error: 'invalid' };

function readLinkForm(formData: unknown) {
  if (!(formData instanceof FormData)) return null;
  const parsed = linkForm.safeParse({
    token: formData.get('token'),
    locale: formData.get('locale') ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The confirm button of /newsletter/confirm (a POST, so a mail scanner that fetches the emailed link confirms
 * nothing): the signed token makes the subscriber active (lib/mailing `confirmNewsletter`; the provider sync runs
 * after the response), then the page shows the result. No login: the token is the proof. Input the page's form
 * never sends (not form data, no token) gets a 400 result instead of a redirect.
 */
export async function confirmNewsletterAction(formData: FormData): Promise<ActionFailure> {
  const input = readLinkForm(formData);
  if (!input) return REFUSED;
  let result: string;
  try {
    result = await confirmNewsletter(await getDb(), input.token, { defer: after });
  } catch (error) {
    console.error('[newsletter] confirmation failed:', error instanceof Error ? error.message : error);
    result = 'error';
  }
  redirect({ href: `/newsletter/confirm?result=${result}`, locale: input.locale });
}

/**
 * The button of /newsletter/unsubscribe: the signed token unsubscribes the person (lib/mailing
 * `unsubscribeNewsletter`; the provider is told after the response), then the page shows the result.
 */
export async function unsubscribeNewsletterAction(formData: FormData): Promise<ActionFailure> {
  const input = readLinkForm(formData);
  if (!input) return REFUSED;
  let result: string;
  try {
    result = await unsubscribeNewsletter(await getDb(), input.token, { defer: after });
  } catch (error) {
    console.error('[newsletter] unsubscribe failed:', error instanceof Error ? error.message : error);
    result = 'error';
  }
  redirect({ href: `/newsletter/unsubscribe?result=${result}`, locale: input.locale });
}
