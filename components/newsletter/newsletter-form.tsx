'use client';

import { useId, useRef, useState, type FormEvent } from 'react';

import { ErrorSummary } from '@/components/forms/error-summary';
import { Honeypot, useFormGuard } from '@/components/forms/form-guard';
import { GuardFields, useProgressiveForm } from '@/components/forms/progressive';
import { usePathname, useRouter } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { failureMessageKey } from '@/lib/action-result';
import { stateText } from '@/lib/forms/form-state';
import { subscribeToNewsletterForm } from '@/lib/newsletter/actions';
import { showToast } from '@/lib/toast';

/** sessionStorage key under which the subscribed address is kept for the thank-you page (docs/SPEC-NOTES.md §7). */
export const SUBSCRIBED_EMAIL_KEY = 'subscribedEmail';

/** The `Forms` messages a refused post without JavaScript can name. */
const FORM_ERRORS = ['sendAgain', 'spam', 'tooFast', 'expired', 'rateLimited', 'server'] as const;
type FormErrorKey = (typeof FORM_ERRORS)[number];

/**
 * The newsletter signup form (docs/SPEC-NOTES.md §2 Home and Community, §4 states, §7 order, §8 texts): idle → submitting
 * ('Subscribing...', input and button disabled) → the thank-you page, or an error toast and back to idle. A
 * small island: its validation and server-action code are imported on the first submit, and the spam-guard
 * token is fetched on first focus, so a page view pays for neither.
 *
 * Without JavaScript (or before hydration) it posts to `subscribeToNewsletterForm` (the same server checks): a
 * refusal renders it again with the address, the translated message and a fill-time token; a signup goes on to
 * the same thank-you page.
 */
export function NewsletterForm({ source }: { source: string }) {
  const t = useClientMessages('Newsletter');
  const tf = useClientMessages('Forms');
  const router = useRouter();
  const guard = useFormGuard({ form: 'newsletter', eager: false });
  const { state, formAction } = useProgressiveForm(subscribeToNewsletterForm);
  const path = usePathname();
  const armed = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(state.fieldErrors.email ?? null);
  // A refused post without JavaScript: the message a toast would have given (cleared by the next JS submit).
  const [formError, setFormError] = useState<string | null>(
    state.formError === 'invalid' ? null : state.formError,
  );
  // Refused submits: the error summary takes focus each time this changes.
  const [refusals, setRefusals] = useState(0);
  const id = useId();
  const errorId = `${id}-error`;
  const errorText = errorKey ? t(errorKey === 'emailRequired' ? 'emailRequired' : 'emailInvalid') : undefined;

  function arm() {
    if (armed.current) return;
    armed.current = true;
    void guard.refresh();
    // Warm the submit module while the person types.
    void import('./submit-newsletter');
  }

  function failToast(description: string) {
    showToast((toast) => toast.error(t('errorTitle'), { description }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    arm();
    const email = input.current?.value ?? '';
    const values = { email, source, returnTo: `${window.location.pathname}${window.location.search}` };
    setBusy(true);
    setErrorKey(null);
    setFormError(null);
    try {
      const { newsletterError, submitNewsletter } = await import('./submit-newsletter');
      const invalid = newsletterError(values);
      if (invalid) {
        // Checked before anything is sent; the error summary takes focus.
        setBusy(false);
        setErrorKey(invalid);
        setRefusals((n) => n + 1);
        return;
      }
      const outcome = await submitNewsletter(values, await guard.values());
      if (outcome.kind === 'ok') {
        try {
          sessionStorage.setItem(SUBSCRIBED_EMAIL_KEY, email.trim());
        } catch {
          // Storage may be off (private mode): the thank-you page then just does not repeat the address.
        }
        router.push(outcome.thankYou);
        return;
      }
      if (outcome.kind === 'invalid') {
        setBusy(false);
        setErrorKey(outcome.key);
        setRefusals((n) => n + 1);
        return;
      } else {
        if (outcome.failure.error === 'expired') void guard.refresh();
        failToast(tf(failureMessageKey(outcome.failure.error)));
      }
    } catch {
      failToast(t('errorBody'));
    }
    setBusy(false);
  }

  return (
    <form
      action={formAction}
      noValidate
      onSubmit={onSubmit}
      onFocus={arm}
      onPointerEnter={arm}
      className="relative w-full"
      aria-busy={busy}
    >
      <div className="mb-3 empty:hidden">
        <ErrorSummary
          errors={errorText ? [{ id: `${id}-email`, text: errorText }] : []}
          focusKey={refusals}
          serverRefused={!!state.fieldErrors.email}
        />
      </div>
      <Honeypot inputRef={guard.honeypotRef} />
      <GuardFields state={state} />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="returnTo" value={path} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <label htmlFor={`${id}-email`} className="sr-only">
            {t('emailLabel')}
          </label>
          <input
            ref={input}
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            defaultValue={stateText(state, 'email')}
            placeholder={t('emailPlaceholder')}
            disabled={busy}
            aria-invalid={errorKey ? true : undefined}
            aria-describedby={errorKey ? errorId : undefined}
            onInput={() => errorKey && setErrorKey(null)}
            className="block w-full rounded-full border border-border bg-bg px-4 py-2.5 text-base text-fg placeholder:text-muted disabled:opacity-60 aria-[invalid=true]:border-danger"
          />
          {errorText ? (
            <p id={errorId} className="mt-1 px-4 text-sm text-danger">
              {errorText}
            </p>
          ) : null}
          {formError ? (
            <p role="alert" className="mt-1 px-4 text-sm text-danger">
              {tf(FORM_ERRORS.includes(formError as FormErrorKey) ? (formError as FormErrorKey) : 'server')}
            </p>
          ) : null}
        </div>
        {/* The look of SubmitButton as its class names (app/globals.css): this form is in the page's first load,
            where the shared component would add JavaScript. */}
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className="btn btn-primary btn-md shrink-0 rounded-full"
        >
          {busy ? t('subscribing') : t('subscribe')}
        </button>
      </div>
    </form>
  );
}
