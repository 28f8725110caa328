'use server';

import { formAction } from '@/lib/forms/action';
import { handleRegistration, registrationForm } from '@/lib/volunteers/handler';

const action = formAction(registrationForm, (input, ctx) => handleRegistration(input, ctx));

/**
 * The Network Registration form's server action (docs/SPEC-NOTES.md §7): `FormResult<{ id }>`, never throws. See
 * lib/volunteers/handler.ts for what is stored.
 */
export async function submitRegistration(raw: unknown) {
  return action(raw);
}
