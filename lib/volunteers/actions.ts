'use server';

import { redirect } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import { toLocale } from '@/i18n/routing';
import { GUARD_FIELDS } from '@/lib/action-result';
import { formText } from '@/lib/forms/fields';
import type { FormState } from '@/lib/forms/form-state';
import { refusedFormState } from '@/lib/forms/progressive';
import { action } from '@/lib/safe-action';

import { handleRegistration, registrationForm } from './handler';
import { REGISTRATION_FIELDS } from './schema';

const register = action(registrationForm, (input, ctx) => handleRegistration(input, ctx));

/**
 * The Network Registration form's server action (docs/SPEC-NOTES.md §7): `ActionResult<{ id }>`, never throws. See
 * lib/volunteers/handler.ts for what is stored (kept apart: a 'use server' module's every export is an endpoint).
 */
export async function submitRegistration(raw: unknown) {
  return register(raw);
}

/**
 * The registration form posted without JavaScript (or before hydration; `useActionState`, /community/register):
 * the same checks and save as `submitRegistration`, then the registration thank-you page (a redirect, so a
 * reload sends nothing again). A refusal answers the form's state: what was typed and ticked, the field errors
 * and a fill-time token (lib/forms/progressive.ts).
 */
export async function submitRegistrationForm(_previous: FormState, formData: FormData): Promise<FormState> {
  const result = await register(formData);
  if (!result.ok)
    return refusedFormState(registrationForm, result, formData, {
      fields: REGISTRATION_FIELDS,
      lists: ['interests', 'availability'],
    });
  const locale = toLocale(formText(formData, GUARD_FIELDS.locale));
  const query = new URLSearchParams({ type: 'registration', returnTo: localizedPath(locale, '/community') });
  redirect({ href: `/thank-you?${query.toString()}`, locale });
}
