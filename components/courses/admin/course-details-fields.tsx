import { COURSE_DESCRIPTION_MAX, COURSE_PRICE_MAX, COURSE_TITLE_MAX } from '@/lib/courses/shared';

/** The course-details form's fields, by the names both forms post (the creation payload's, docs/SPEC-NOTES.md §7). */
export type CourseDetailsField =
  'title' | 'description' | 'price' | 'thumbnail' | 'certification.title' | 'certification.description';

/** The CourseAdmin message keys the fields show. */
export type CourseDetailsLabel =
  | 'titleLabel'
  | 'descriptionLabel'
  | 'priceLabel'
  | 'priceHint'
  | 'thumbnailLabel'
  | 'thumbnailHint'
  | 'certificateLegend'
  | 'certificationTitleLabel'
  | 'certificationDescriptionLabel';

type FieldProps = { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/**
 * The course details (title, description, price, thumbnail, certificate title and description): ONE set of
 * fields for the creation form (a client island, react-hook-form through `control`) and the manage page (a server
 * form with `values` as defaults), posting the same names. Ids are `{idPrefix}-title`, `-description`, `-price`,
 * `-thumbnail`, `-cert-title` and `-cert-description`, with `-hint` and `-error` beside them. Renders on the server
 * or in the browser (no hooks); labels come from `t` (the CourseAdmin messages).
 */
export function CourseDetailsFields({
  idPrefix,
  t,
  inputClassName,
  values,
  control,
  errors = {},
  readOnly,
}: {
  idPrefix: string;
  t: (key: CourseDetailsLabel) => string;
  inputClassName: string;
  /** Default values (the manage page's current course; the creation form's defaults or what was typed). */
  values?: {
    title: string;
    description: string;
    price: number | string;
    thumbnail: string | null;
    certificationTitle: string;
    certificationDescription: string;
  };
  /** Extra props per field (react-hook-form's `register(name)`), spread onto the control. */
  control?: (name: CourseDetailsField) => object;
  /** Translated error message per field. */
  errors?: Partial<Record<CourseDetailsField, string>>;
  readOnly?: boolean;
}) {
  const field = (
    name: CourseDetailsField,
    key: string,
    label: string,
    render: (props: FieldProps) => React.ReactNode,
    hint?: string,
  ) => {
    const id = `${idPrefix}-${key}`;
    const error = errors[name];
    const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return (
      <div>
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
        {render({
          id,
          name,
          ...(error ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...control?.(name),
        })}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <>
      {field('title', 'title', t('titleLabel'), (p) => (
        <input
          {...p}
          type="text"
          required
          maxLength={COURSE_TITLE_MAX}
          readOnly={readOnly}
          defaultValue={values?.title}
          className={inputClassName}
        />
      ))}
      {field('description', 'description', t('descriptionLabel'), (p) => (
        <textarea
          {...p}
          rows={6}
          maxLength={COURSE_DESCRIPTION_MAX}
          readOnly={readOnly}
          defaultValue={values?.description}
          className={inputClassName}
        />
      ))}
      {field(
        'price',
        'price',
        t('priceLabel'),
        (p) => (
          <input
            {...p}
            type="number"
            inputMode="decimal"
            required
            min={0}
            max={COURSE_PRICE_MAX}
            step="0.01"
            readOnly={readOnly}
            defaultValue={values?.price}
            className={`${inputClassName} max-w-48`}
          />
        ),
        t('priceHint'),
      )}
      {field(
        'thumbnail',
        'thumbnail',
        t('thumbnailLabel'),
        (p) => (
          <input
            {...p}
            type="url"
            readOnly={readOnly}
            defaultValue={values ? (values.thumbnail ?? '') : undefined}
            className={inputClassName}
          />
        ),
        t('thumbnailHint'),
      )}
      <fieldset className="space-y-4 rounded-xl border border-border p-4">
        <legend className="px-1 font-semibold">{t('certificateLegend')}</legend>
        {field('certification.title', 'cert-title', t('certificationTitleLabel'), (p) => (
          <input
            {...p}
            type="text"
            maxLength={COURSE_TITLE_MAX}
            readOnly={readOnly}
            defaultValue={values?.certificationTitle}
            className={inputClassName}
          />
        ))}
        {field('certification.description', 'cert-description', t('certificationDescriptionLabel'), (p) => (
          <textarea
            {...p}
            rows={3}
            maxLength={2000}
            readOnly={readOnly}
            defaultValue={values?.certificationDescription}
            className={inputClassName}
          />
        ))}
      </fieldset>
    </>
  );
}
