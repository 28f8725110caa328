'use client';

import { useId, useState } from 'react';

import { forwardEnquiry, submitEnquiry, submitEnquiryForm } from '@/lib/enquiries/actions';
import { ErrorSummary, summaryErrors } from '@/components/forms/error-summary';
import { applyFailure } from '@/components/forms/form-feedback';
import { Honeypot, useFormGuard } from '@/components/forms/form-guard';
import { lazySchema, useLightForm } from '@/components/forms/light-form';
import { GuardFields, useProgressiveForm } from '@/components/forms/progressive';
import { useClientMessages } from '@/i18n/client-messages';
import { stateText } from '@/lib/forms/form-state';
import type { ContactInput, ContactValues } from '@/lib/enquiries/shared';
import { CONTACT_FIELDS, CONTACT_LIMITS } from '@/lib/enquiries/shared';
import { showToast } from '@/lib/toast';

type Phase = 'idle' | 'submitting' | 'saved' | 'forwarded';
type Notice = { tone: 'success' | 'warning' | 'error'; text: string } | null;

// zod and the schema load on the form's first focus (preload) or first validation, not with the page.
const contactSchema = lazySchema<ContactInput, ContactValues>(() =>
  import('@/lib/enquiries/schema').then((m) => m.contactSchema),
);

/** One toast id per step, so each step's loading toast turns into its outcome instead of piling up. */
const SAVE_TOAST = 'contact-save';
const FORWARD_TOAST = 'contact-forward';

const FIELD_KEYS = ['nameMin', 'nameMax', 'emailInvalid', 'emailMax', 'messageMin', 'messageMax'] as const;
type FieldKey = (typeof FIELD_KEYS)[number];

/**
 * The contact form (docs/SPEC-NOTES.md §2 Contact, §4 states, §5 rules, §8 texts): idle → submitting ('Sending...', a 'Saving
 * your message...' toast) → saved ('Your message has been saved to our database.', the form reset) → forwarded
 * ('Thank you for your message! …'), or a saved-but-not-emailed warning; a failed save keeps the input and says
 * so. The same zod schema as the server (lib/enquiries/schema.ts) checks the fields before sending; its message keys
 * are translated here, shown under each field and in the error summary at the top, which takes focus after a
 * refused submit (components/forms/error-summary.tsx). `contactEmail` is the address named in the unexpected-failure message.
 *
 * Without JavaScript (or before hydration) the form posts to `submitEnquiryForm` instead (lib/enquiries/actions.ts,
 * the same server checks): a refusal renders the form again with what was typed, the translated errors and a
 * fill-time token; a saved enquiry goes on to the thank-you page.
 */
export function ContactForm({ contactEmail }: { contactEmail: string }) {
  const t = useClientMessages('ContactForm');
  const tf = useClientMessages('Forms');
  const guard = useFormGuard({ form: 'contact' });
  const { state, formAction } = useProgressiveForm(submitEnquiryForm);
  const id = useId();
  /** A `Forms` key of a refused post without JavaScript as the text the JavaScript path shows for it. */
  function formErrorText(key: string): string {
    if (key === 'server') return t('saveFailed');
    if (key === 'invalid') return tf('invalid');
    const known = ['sendAgain', 'spam', 'tooFast', 'expired', 'rateLimited'] as const;
    const forms = (known as readonly string[]).includes(key) ? (key as (typeof known)[number]) : 'invalid';
    return forms === 'sendAgain' ? tf('sendAgain') : `${t('processingIssue')} ${tf(forms)}`;
  }

  const [phase, setPhase] = useState<Phase>('idle');
  const [notice, setNotice] = useState<Notice>(() =>
    state.formError ? { tone: 'error', text: formErrorText(state.formError) } : null,
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    refused,
    formState: { errors, refusals },
  } = useLightForm<ContactInput, ContactValues>({
    schema: contactSchema,
    defaultValues: { name: '', email: '', message: '' },
    initialErrors: state.fieldErrors,
  });
  const busy = phase === 'submitting';

  function fieldMessage(key: string | undefined): string | undefined {
    if (!key) return undefined;
    return (FIELD_KEYS as readonly string[]).includes(key) ? t(key as FieldKey) : t('invalid');
  }

  async function forward(enquiryId: string) {
    showToast((toast) => toast.loading(t('forwarding'), { id: FORWARD_TOAST }));
    let forwarded: boolean | null = null;
    try {
      const result = await forwardEnquiry({ enquiryId });
      forwarded = result.ok ? result.data.forwarded : null;
    } catch {
      forwarded = null;
    }
    if (forwarded) {
      setPhase('forwarded');
      setNotice({ tone: 'success', text: t('success') });
      showToast((toast) => toast.success(t('success'), { id: FORWARD_TOAST }));
      return;
    }
    // Saved either way: the outbox retries the email, and the team sees the enquiry in the database.
    const text = forwarded === false ? t('forwardPending') : t('forwardError');
    setPhase('idle');
    setNotice({ tone: 'warning', text });
    showToast((toast) => toast.warning(text, { id: FORWARD_TOAST }));
  }

  async function onValid(values: ContactValues) {
    if (busy) return;
    setPhase('submitting');
    setNotice(null);
    showToast((toast) => toast.loading(t('saving'), { id: SAVE_TOAST }));
    try {
      const result = await submitEnquiry({ ...values, ...(await guard.values()) });
      if (!result.ok) {
        setPhase('idle');
        const key = applyFailure(result, setError as never, CONTACT_FIELDS);
        if (Object.keys(result.fieldErrors ?? {}).length) refused();
        let text: string;
        if (result.status === 500) text = t('saveFailed');
        else if (key === 'invalid') text = tf('invalid');
        else {
          if (result.error === 'expired') void guard.refresh();
          text = `${t('processingIssue')} ${tf(key)}`;
        }
        setNotice({ tone: 'error', text });
        showToast((toast) => toast.error(text, { id: SAVE_TOAST }));
        return;
      }
      // Saved: the form resets now, whatever happens to the email (docs/SPEC-NOTES.md §4).
      reset();
      void guard.refresh();
      setPhase('saved');
      setNotice({ tone: 'success', text: t('saved') });
      showToast((toast) => toast.success(t('saved'), { id: SAVE_TOAST }));
      await forward(result.data.enquiryId);
    } catch {
      setPhase('idle');
      const text = t('unexpected', { email: contactEmail });
      setNotice({ tone: 'error', text });
      showToast((toast) => toast.error(text, { id: SAVE_TOAST }));
    }
  }

  const fields = [
    { name: 'name', label: t('nameLabel'), type: 'text', autoComplete: 'name', max: CONTACT_LIMITS.nameMax },
    {
      name: 'email',
      label: t('emailLabel'),
      type: 'email',
      autoComplete: 'email',
      max: CONTACT_LIMITS.emailMax,
    },
  ] as const;
  // The summary lists the fields in their order on the page, with the messages shown under them.
  const summary = summaryErrors(
    (['name', 'email', 'message'] as const).map((name) => [name, `${id}-${name}`] as const),
    (name) => fieldMessage(errors[name as keyof ContactInput]?.message),
  );
  const inputClass =
    'mt-1 block w-full rounded-lg border border-border bg-bg px-3 py-2 text-base text-fg placeholder:text-muted read-only:opacity-70 aria-[invalid=true]:border-danger';

  return (
    <form
      action={formAction}
      noValidate
      onSubmit={handleSubmit(onValid)}
      onFocus={contactSchema.preload}
      aria-busy={busy}
      className="relative space-y-5"
    >
      <ErrorSummary
        errors={summary}
        focusKey={refusals}
        serverRefused={state.status === 'refused' && Object.keys(state.fieldErrors).length > 0}
      />
      <Honeypot inputRef={guard.honeypotRef} />
      <GuardFields state={state} />
      {fields.map((field) => {
        const error = fieldMessage(errors[field.name]?.message);
        return (
          <div key={field.name}>
            <label htmlFor={`${id}-${field.name}`} className="block font-medium">
              {field.label}
            </label>
            <input
              id={`${id}-${field.name}`}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={field.max}
              defaultValue={stateText(state, field.name)}
              required
              readOnly={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${field.name}-error` : undefined}
              className={inputClass}
              {...register(field.name)}
            />
            {error ? (
              <p id={`${id}-${field.name}-error`} className="mt-1 text-sm text-danger">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div>
        <label htmlFor={`${id}-message`} className="block font-medium">
          {t('messageLabel')}
        </label>
        <textarea
          id={`${id}-message`}
          rows={6}
          maxLength={CONTACT_LIMITS.messageMax}
          defaultValue={stateText(state, 'message')}
          required
          readOnly={busy}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id}-message-error` : undefined}
          className={inputClass}
          {...register('message')}
        />
        {errors.message ? (
          <p id={`${id}-message-error`} className="mt-1 text-sm text-danger">
            {fieldMessage(errors.message.message)}
          </p>
        ) : null}
      </div>
      {/* The look of SubmitButton as its class names (app/globals.css): this form is in the page's first load,
          where the shared component would add JavaScript. */}
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className="btn btn-primary btn-lg rounded-full"
      >
        {busy ? t('sending') : t('submit')}
      </button>
      <p
        role="status"
        data-phase={phase}
        className={`min-h-6 text-sm ${notice?.tone === 'error' ? 'text-danger' : notice?.tone === 'success' ? 'text-success' : ''}`}
      >
        {notice?.text}
      </p>
    </form>
  );
}
