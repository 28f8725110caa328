'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { createCourseAction } from '@/app/actions/course-admin';
import { useRouter } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_PRICE_MAX,
  COURSE_TITLE_MAX,
  type CourseCreateInput,
  courseCreateSchema,
} from '@/lib/courses/schemas';
import { FAILURE_KEYS } from '@/lib/course-admin/status';
import { showToast } from '@/lib/toast';

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
 * course: {message}'. The server action checks admin rights itself.
 */
export function AdminCourseForm({
  defaultCertificateTitle,
  defaultCertificateDescription,
}: {
  defaultCertificateTitle: string;
  defaultCertificateDescription: string;
}) {
  const t = useClientMessages('CourseAdmin');
  const router = useRouter();
  const id = useId();
  const [creating, setCreating] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CourseCreateInput, unknown, Values>({
    resolver: zodResolver(courseCreateSchema),
    defaultValues: {
      title: '',
      description: '',
      price: 0,
      thumbnail: '',
      certification: { title: defaultCertificateTitle, description: defaultCertificateDescription },
      published: false,
    },
  });

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
  const field = (
    name:
      'title' | 'description' | 'price' | 'thumbnail' | 'certification.title' | 'certification.description',
    label: string,
    control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode,
    hint?: string,
  ) => {
    const fieldId = `${id}-${name.replace('.', '-')}`;
    const error =
      name === 'certification.title'
        ? errors.certification?.title
        : name === 'certification.description'
          ? errors.certification?.description
          : errors[name];
    const text = message(error as FieldError | undefined);
    const describedBy = [hint ? `${fieldId}-hint` : '', text ? `${fieldId}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <label htmlFor={fieldId} className="block font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${fieldId}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
        {control({
          id: fieldId,
          ...(text ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        })}
        {text ? (
          <p id={`${fieldId}-error`} className="mt-1 text-sm text-danger">
            {text}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={creating} className="space-y-6">
      {field('title', t('titleLabel'), (p) => (
        <input
          {...p}
          type="text"
          required
          maxLength={COURSE_TITLE_MAX}
          readOnly={creating}
          className={inputClass}
          {...register('title')}
        />
      ))}
      {field('description', t('descriptionLabel'), (p) => (
        <textarea
          {...p}
          rows={6}
          maxLength={COURSE_DESCRIPTION_MAX}
          readOnly={creating}
          className={inputClass}
          {...register('description')}
        />
      ))}
      {field(
        'price',
        t('priceLabel'),
        (p) => (
          <input
            {...p}
            type="number"
            inputMode="decimal"
            min={0}
            max={COURSE_PRICE_MAX}
            step="0.01"
            readOnly={creating}
            className={`${inputClass} max-w-48`}
            {...register('price', { valueAsNumber: true })}
          />
        ),
        t('priceHint'),
      )}
      {field(
        'thumbnail',
        t('thumbnailLabel'),
        (p) => (
          <input {...p} type="url" readOnly={creating} className={inputClass} {...register('thumbnail')} />
        ),
        t('thumbnailHint'),
      )}
      <fieldset className="space-y-4 rounded-xl border border-border p-4">
        <legend className="px-1 font-semibold">{t('certificateLegend')}</legend>
        {field('certification.title', t('certificationTitleLabel'), (p) => (
          <input
            {...p}
            type="text"
            maxLength={COURSE_TITLE_MAX}
            readOnly={creating}
            className={inputClass}
            {...register('certification.title')}
          />
        ))}
        {field('certification.description', t('certificationDescriptionLabel'), (p) => (
          <textarea
            {...p}
            rows={3}
            maxLength={2000}
            readOnly={creating}
            className={inputClass}
            {...register('certification.description')}
          />
        ))}
      </fieldset>
      <div className="flex items-center gap-3">
        <input
          id={`${id}-published`}
          type="checkbox"
          disabled={creating}
          className="size-5 accent-brand"
          {...register('published')}
        />
        <label htmlFor={`${id}-published`} className="font-medium">
          {t('publishedLabel')}
        </label>
      </div>
      <button
        type="submit"
        disabled={creating}
        className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-fg hover:bg-brand-hover disabled:cursor-wait disabled:opacity-70"
      >
        {creating ? t('creating') : t('submitCreate')}
      </button>
    </form>
  );
}
