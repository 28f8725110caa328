'use server';

import { redirect } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import { toLocale } from '@/i18n/routing';
import { GUARD_FIELDS } from '@/lib/action-result';
import { formText } from '@/lib/forms/fields';
import type { FormState } from '@/lib/forms/form-state';
import { refusedFormState } from '@/lib/forms/progressive';
import { action } from '@/lib/safe-action';

import { CONTACT_FIELDS } from './fields';
import { contactForm, forwardForm, handleForwardEnquiry, handleSubmitEnquiry } from './handler';

/**
 * The contact form's server actions (lib/safe-action.ts wrapper; the logic and its test seams are in
 * lib/enquiries/handler.ts, which a 'use server' module must not export: every export here is a public endpoint).
 */

/** Contact form, step 1: save the enquiry and queue its forward. */
export const submitEnquiry = action(contactForm, (input, ctx) => handleSubmitEnquiry(input, ctx));

/** Contact form, step 2: forward the saved enquiry by email now; `{ forwarded }`. */
export const forwardEnquiry = action(forwardForm, (input, ctx) => handleForwardEnquiry(input, ctx));

/**
 * The contact form posted without JavaScript (or before hydration; `useActionState`): the same checks and save as
 * `submitEnquiry`, then the forward as the browser would ask for it, then the thank-you page (a redirect, so a
 * reload sends nothing again). A refusal answers the form's state: what was typed, the field errors and a
 * fill-time token (lib/forms/progressive.ts). The email going out or not changes nothing for the visitor: the
 * enquiry is saved and its forward queued either way.
 */
export async function submitEnquiryForm(_previous: FormState, formData: FormData): Promise<FormState> {
  const result = await submitEnquiry(formData);
  if (!result.ok) return refusedFormState(contactForm, result, formData, { fields: CONTACT_FIELDS });
  await forwardEnquiry({ enquiryId: result.data.enquiryId }).catch(() => undefined);
  const locale = toLocale(formText(formData, GUARD_FIELDS.locale));
  const query = new URLSearchParams({ type: 'contact', returnTo: localizedPath(locale, '/contact') });
  redirect({ href: `/thank-you?${query.toString()}`, locale });
}
