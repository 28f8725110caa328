'use client';

import { useProgressiveForm } from '@/components/forms/progressive';
import { useRouter } from '@/i18n/client';
import type { CountryOption } from '@/lib/countries';
import { submitRegistrationForm } from '@/lib/volunteers/actions';

import { RegistrationForm, useRegistrationForm } from './registration-form';

/**
 * The registration form on its own page (/community/register): where 'Register for free' leads before the page
 * has hydrated or without JavaScript. `countries` come from the server (in the page's locale), so the country
 * list works without JavaScript; there is no location guess here. Both optional fields are always shown (they
 * cannot appear on ticking without JavaScript). After a registration with JavaScript, the same thank-you page
 * as after one without.
 */
export function RegistrationPageForm({ countries }: { countries: CountryOption[] }) {
  const { state, formAction } = useProgressiveForm(submitRegistrationForm);
  const form = useRegistrationForm(state);
  const router = useRouter();
  return (
    <RegistrationForm
      form={form}
      state={state}
      formAction={formAction}
      countries={countries}
      detecting={false}
      showOptional
      onSaved={() => router.push('/thank-you?type=registration&returnTo=/community')}
    />
  );
}
