'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useActionState, useId, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { SubmitButton } from '@/components/ui/submit-button';
import { useLocale, useRouter } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { GUARD_FIELDS } from '@/lib/action-result';
import { createCourseAction, createCourseForm } from '@/lib/courses/actions';
import { courseCreateSchema } from '@/lib/courses/schema';
import { type CourseCreateInput, FAILURE_KEYS, parsePrice } from '@/lib/courses/shared';
import { showToast } from '@/lib/toast';

import { type CourseDetailsField, CourseDetailsFields } from './course-details-fields';

type Values = z.output<typeof courseCreateSchema>;

const TOAST = 'course-create';

/** Schema message key → CourseAdmin key. */
const FIELD_MESSAGES = {
  required: 'errorRequired',
  tooLong: 'errorTooLong',
  invalidPrice: 'errorInvalidPrice',
  invalidUrl: 'errorInvalidUrl',
} as const;

/**
 * The admin's course creation form (docs/SPEC-NOTES.md §7 payload, §4 'creating' state, §8 toasts): title, description, price in
 * pounds (0 = free), optional thumbnail URL, certificate title and description (prefilled with the spec's
 * defaults) and Published. Checked in the browser with the same zod schema as the server; on success the toast
 * 'Course created successfully with ID: {id}' and a move to /courses/manage/{id}; on failure 'Failed to create
 * course: {message}'. The server action checks admin rights itself. Without JavaScript (or before hydration) the
 * form posts to `createCourseForm`: the server answers with the messages and what was typed (shown until the
 * next scripted submit), or moves to the manage page with its 'created' message.
 */
export function AdminCourseForm({
  defaultCertificateTitle,
  defaultCertificateDescription,
}: {
  defaultCertificateTitle: string;
  defaultCertificateDescription: string;
}) {
  const t = useClientMessages('CourseAdmin');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [creating, setCreating] = useState(false);
  const [state, formAction] = useActionState(createCourseForm, null);
  const [scripted, setScripted] = useState(false);
  // What was typed before a refused post without JavaScript, else the form's defaults.
  const kept = state?.values;
  const defaults = {
    title: kept?.title ?? '',
    description: kept?.description ?? '',
    price: kept?.price ?? '0',
    thumbnail: kept?.thumbnail ?? '',
    certificationTitle: kept ? (kept['certification.title'] ?? '') : defaultCertificateTitle,
    certificationDescription: kept
      ? (kept['certification.description'] ?? '')
      : defaultCertificateDescription,
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CourseCreateInput, unknown, Values>({
    resolver: zodResolver(courseCreateSchema),
    defaultValues: {
      title: defaults.title,
      description: defaults.description,
      price: parsePrice(defaults.price),
      thumbnail: defaults.thumbnail,
      certification: { title: defaults.certificationTitle, description: defaults.certificationDescription },
      published: kept?.published === 'on',
    },
  });
  const answer = scripted ? null : state;

  const message = (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    const key = FIELD_MESSAGES[error.message as keyof typeof FIELD_MESSAGES];
    return key ? t(key) : t('errorInvalid');
  };

  async function onValid(values: Values) {
    if (creating) return;
    setCreating(true);
    let failure: string;
    try {
      const result = await createCourseAction(values);
      if (result.ok) {
        showToast((toast) => toast.success(t('created', { id: result.data.id }), { id: TOAST }));
        router.push(`/courses/manage/${result.data.id}`);
        return;
      }
      for (const [field, key] of Object.entries(result.fieldErrors ?? {})) {
        setError(field as 'title', { type: 'server', message: key });
      }
      failure = t(FAILURE_KEYS[result.error]);
    } catch {
      // The action itself failed (network, server): never show the thrown text.
      failure = t('failServer');
    }
    setCreating(false);
    showToast((toast) => toast.error(t('createFailed', { message: failure }), { id: TOAST }));
  }

  const inputClass =
    'mt-1 block w-full rounded-lg border border-border bg-bg px-3 py-2 text-base text-fg read-only:opacity-70 aria-[invalid=true]:border-danger';
  const fieldErrors: Partial<Record<CourseDetailsField, string>> = {};
  for (const [name, error] of [
    ['title', errors.title],
    ['description', errors.description],
    ['price', errors.price],
    ['thumbnail', errors.thumbnail],
    ['certification.title', errors.certification?.title],
    ['certification.description', errors.certification?.description],
  ] as const) {
    const fromServer = answer?.fieldErrors[name];
    const text = message(error ?? (fromServer ? { type: 'server', message: fromServer } : undefined));
    if (text) fieldErrors[name] = text;
  }

  return (
    <form
      action={formAction}
      noValidate
      onSubmit={(event) => {
        // handleSubmit cancels the native submission at once, so React never runs the no-JavaScript action.
        setScripted(true);
        void handleSubmit(onValid)(event);
      }}
      aria-busy={creating}
      className="space-y-6"
    >
      <input type="hidden" name={GUARD_FIELDS.locale} value={locale} />
      {answer ? (
        <p role="alert" className="rounded-lg border border-danger p-3 font-medium text-danger">
          {t('createFailed', { message: t(answer.formError) })}
        </p>
      ) : null}
      <CourseDetailsFields
        idPrefix={id}
        t={t}
        inputClassName={inputClass}
        values={defaults}
        readOnly={creating}
        errors={fieldErrors}
        control={(name) => (name === 'price' ? register('price', { valueAsNumber: true }) : register(name))}
      />
      <div className="flex items-center gap-3">
        <input
          id={`${id}-published`}
          type="checkbox"
          defaultChecked={kept?.published === 'on'}
          disabled={creating}
          className="size-5 accent-brand"
          {...register('published')}
        />
        <label htmlFor={`${id}-published`} className="font-medium">
          {t('publishedLabel')}
        </label>
      </div>
      <SubmitButton pending={creating} busyLabel={t('creating')} size="lg">
        {t('submitCreate')}
      </SubmitButton>
    </form>
  );
}
