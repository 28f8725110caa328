'use server';

import { after } from 'next/server';
import { z } from 'zod';

import { redirect } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';
import { getDb } from '@/lib/db';
import { formAction } from '@/lib/forms/action';
import { handleNewsletter, newsletterForm } from '@/lib/forms/newsletter-handler';
import { confirmNewsletter, unsubscribeNewsletter } from '@/lib/mailing';

/** The newsletter form's server action (lib/forms/newsletter-handler.ts), behind the forms wrapper. */
export const subscribeToNewsletter = formAction(newsletterForm, handleNewsletter);

const linkForm = z.object({
  token: z.string().min(1).max(200),
  locale: z.enum(routing.locales).catch(routing.defaultLocale),
});

function readLinkForm(formData: unknown) {
  if (!(formData instanceof FormData)) return { token: null, locale: routing.defaultLocale };
  const parsed = linkForm.safeParse({
    token: formData.get('token'),
    locale: formData.get('locale') ?? undefined,
  });
  if (parsed.success) return parsed.data;
  const locale = linkForm.shape.locale.parse(formData.get('locale'));
  return { token: null, locale };
}

/**
 * The confirm button of /newsletter/confirm (a POST, so a mail scanner that fetches the emailed link confirms
 * nothing): the signed token makes the subscriber active (lib/mailing `confirmNewsletter`; the provider sync runs
 * after the response), then the page shows the result. No login: the token is the proof.
 */
export async function confirmNewsletterAction(formData: FormData): Promise<void> {
  const { token, locale } = readLinkForm(formData);
  let result: string = 'invalid';
  if (token) {
    try {
      result = await confirmNewsletter(await getDb(), token, { defer: after });
    } catch (error) {
      console.error('[newsletter] confirmation failed:', error instanceof Error ? error.message : error);
      result = 'error';
    }
  }
  redirect({ href: `/newsletter/confirm?result=${result}`, locale });
}

/**
 * The button of /newsletter/unsubscribe: the signed token unsubscribes the person (lib/mailing
 * `unsubscribeNewsletter`; the provider is told after the response), then the page shows the result.
 */
export async function unsubscribeNewsletterAction(formData: FormData): Promise<void> {
  const { token, locale } = readLinkForm(formData);
  let result: string = 'invalid';
  if (token) {
    try {
      result = await unsubscribeNewsletter(await getDb(), token, { defer: after });
    } catch (error) {
      console.error('[newsletter] unsubscribe failed:', error instanceof Error ? error.message : error);
      result = 'error';
    }
  }
  redirect({ href: `/newsletter/unsubscribe?result=${result}`, locale });
}
