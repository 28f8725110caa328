'use client';

import { useLocale } from '@/i18n/client';
import type { AuthFormState } from '@/lib/auth/form-state';
import { GUARD_FIELDS } from '@/lib/action-result';

/**
 * The hidden fields an account form posts without JavaScript (the scripted path sends its own): the page's locale,
 * `next` when there is one, and for the spam-guarded forms (`guarded`) the fill-time token: the one from the last
 * no-JavaScript answer, else the one the page was rendered with (`token`, /login issues one per request), else
 * none (a static page: the server then answers with a token and asks to press the button again).
 */
export function AuthHiddenFields({
  state,
  next,
  token,
  guarded = false,
}: {
  state: AuthFormState;
  next?: string;
  token?: string;
  guarded?: boolean;
}) {
  const locale = useLocale();
  return (
    <>
      <input type="hidden" name={GUARD_FIELDS.locale} value={locale} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      {guarded ? <input type="hidden" name={GUARD_FIELDS.token} value={state.token ?? token ?? ''} /> : null}
    </>
  );
}
