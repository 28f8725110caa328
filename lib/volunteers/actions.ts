'use server';

import { action } from '@/lib/safe-action';

import { handleRegistration, registrationForm } from './handler';

const register = action(registrationForm, (input, ctx) => handleRegistration(input, ctx));

/**
 * The Network Registration form's server action (docs/SPEC-NOTES.md §7): `ActionResult<{ id }>`, never throws. See
 * lib/volunteers/handler.ts for what is stored (kept apart: a 'use server' module's every export is an endpoint).
 */
export async function submitRegistration(raw: unknown) {
  return register(raw);
}
