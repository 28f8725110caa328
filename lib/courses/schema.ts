import { z } from 'zod';

import { COURSE_DESCRIPTION_MAX, COURSE_PRICE_MAX, COURSE_TITLE_MAX, LESSON_BODY_MAX } from './shared';

/**
 * Validation of course authoring input (docs/SPEC-NOTES.md §7 "Admin course creation" payload: title, description, price,
 * thumbnail, certification {title, description}, published), shared by lib/courses on the server and the admin
 * forms in the browser (zodResolver). Browser-safe: zod only. Issue messages are short keys (`required`,
 * `tooLong`, `invalidPrice`, `invalidUrl`) for the forms to translate.
 */

const requiredText = (max: number) =>
  z.string().trim().min(1, { message: 'required' }).max(max, { message: 'tooLong' });

/** Pounds, 0 to 100,000, at most two decimals (numeric(10,2)). */
const price = z
  .number({ message: 'invalidPrice' })
  .min(0, { message: 'invalidPrice' })
  .max(COURSE_PRICE_MAX, { message: 'invalidPrice' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'invalidPrice' });

/** http(s) URL or a site path ('/content-media/…'); empty means none (null). */
const optionalUrl = z
  .string()
  .trim()
  .max(2000, { message: 'tooLong' })
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), {
    message: 'invalidUrl',
  })
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** Empty title or description means the default (docs/SPEC-NOTES.md §3: 'Certificate of Completion' and its sentence). */
const certification = z.object({
  title: z
    .string()
    .trim()
    .max(COURSE_TITLE_MAX, { message: 'tooLong' })
    .transform((v) => v || undefined)
    .optional(),
  description: z
    .string()
    .trim()
    .max(2000, { message: 'tooLong' })
    .transform((v) => v || undefined)
    .optional(),
});

const courseFields = {
  title: requiredText(COURSE_TITLE_MAX),
  description: z.string().trim().max(COURSE_DESCRIPTION_MAX, { message: 'tooLong' }),
  price,
  thumbnail: optionalUrl,
  certification,
  published: z.boolean(),
};

/** Creating a course: title required; description '', price 0, no thumbnail, certificate defaults, draft. */
export const courseCreateSchema = z.object({
  ...courseFields,
  description: courseFields.description.default(''),
  price: price.default(0),
  thumbnail: optionalUrl.optional(),
  certification: certification.optional(),
  published: z.boolean().default(false),
});
export type CourseCreateInput = z.input<typeof courseCreateSchema>;
/** Fields of `T` named `K` made optional (the ones a schema gives defaults). */
type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
/**
 * A parsed creation payload: what lib/courses' `createCourse` takes. The fields the schema defaults may be left
 * out by direct callers (the seed, scripts, tests); `createCourse` applies the same defaults.
 */
export type CourseCreateData = WithDefaults<
  z.output<typeof courseCreateSchema>,
  'description' | 'price' | 'published'
>;

/** Editing a course: any subset of the fields; absent fields are left unchanged. */
export const courseUpdateSchema = z.object(courseFields).partial();
export type CourseUpdateInput = z.input<typeof courseUpdateSchema>;
export type CourseUpdateData = z.output<typeof courseUpdateSchema>;

export const unitInputSchema = z.object({ title: requiredText(COURSE_TITLE_MAX) });
export type UnitInput = z.input<typeof unitInputSchema>;
export type UnitData = z.output<typeof unitInputSchema>;

const lessonFields = {
  title: requiredText(COURSE_TITLE_MAX),
  /** HTML (a small allowlist, sanitised on the server) or plain text whose blank lines separate paragraphs. */
  body: z.string().max(LESSON_BODY_MAX, { message: 'tooLong' }),
  /** A YouTube or Vimeo page, or a direct video file URL; empty means none. */
  videoUrl: optionalUrl,
};
export const lessonInputSchema = z.object({
  ...lessonFields,
  body: lessonFields.body.default(''),
  videoUrl: optionalUrl.optional(),
});
export type LessonInput = z.input<typeof lessonInputSchema>;
/** A parsed lesson: what `addLesson` takes (`body` defaults to '' as in the schema). */
export type LessonData = WithDefaults<z.output<typeof lessonInputSchema>, 'body'>;

export const lessonUpdateSchema = z.object(lessonFields).partial();
export type LessonUpdateInput = z.input<typeof lessonUpdateSchema>;
export type LessonUpdateData = z.output<typeof lessonUpdateSchema>;
