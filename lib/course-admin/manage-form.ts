/**
 * The forms of `/courses/manage/{courseId}` as data (pure; browser-safe): which changes exist (`op`), and how one
 * form's FormData becomes the input of its handler in lib/course-admin/handlers.ts plus the page anchor to return
 * to (the changed unit or lesson, else the section). Validation happens in the handlers.
 */
export const MANAGE_OPS = [
  'update',
  'publish',
  'addUnit',
  'addLesson',
  'updateLesson',
  'moveUnit',
  'moveLesson',
  'moveLessonToUnit',
  'deleteUnit',
  'deleteLesson',
  'enrolStudent',
] as const;
export type ManageOp = (typeof MANAGE_OPS)[number];

const text = (form: FormData, key: string): string => {
  const value = form.get(key);
  return typeof value === 'string' ? value : '';
};

/** Only uuid-like ids go into an anchor (`#unit-…`); anything else returns to the section. */
const anchorId = (value: string): string | null => (/^[0-9a-f-]{36}$/i.test(value) ? value : null);

/** `'12.50'` → 12.5; empty or not a number → NaN (which the schema reports as 'invalidPrice'). */
export function parsePrice(value: string): number {
  const trimmed = value.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The handler input and return anchor of one manage-page form. `publish` reads `published` ('true' or 'false');
 * `update` sends every course field but `published`; moves send `toIndex` as given (the handler coerces it);
 * `moveLessonToUnit` sends `toUnitId` and returns to the lesson (its anchor follows it into the new unit).
 */
export function manageInput(op: ManageOp, form: FormData): { raw: Record<string, unknown>; section: string } {
  const courseId = text(form, 'courseId');
  const unitId = text(form, 'unitId');
  const lessonId = text(form, 'lessonId');
  const unitAnchor = anchorId(unitId) ? `unit-${unitId}` : 'units';
  const lessonAnchor = anchorId(lessonId) ? `lesson-${lessonId}` : 'units';
  const lesson = { title: text(form, 'title'), body: text(form, 'body'), videoUrl: text(form, 'videoUrl') };
  switch (op) {
    case 'update':
      return {
        raw: {
          courseId,
          title: text(form, 'title'),
          description: text(form, 'description'),
          price: parsePrice(text(form, 'price')),
          thumbnail: text(form, 'thumbnail'),
          certification: {
            title: text(form, 'certificationTitle'),
            description: text(form, 'certificationDescription'),
          },
        },
        section: 'details',
      };
    case 'publish':
      return { raw: { courseId, published: text(form, 'published') === 'true' }, section: 'details' };
    case 'addUnit':
      return { raw: { courseId, title: text(form, 'title') }, section: 'units' };
    case 'addLesson':
      return { raw: { unitId, ...lesson }, section: unitAnchor };
    case 'updateLesson':
      return { raw: { lessonId, ...lesson }, section: lessonAnchor };
    case 'moveUnit':
      return { raw: { unitId, toIndex: text(form, 'toIndex') }, section: unitAnchor };
    case 'moveLesson':
      return { raw: { lessonId, toIndex: text(form, 'toIndex') }, section: lessonAnchor };
    case 'moveLessonToUnit':
      return { raw: { lessonId, toUnitId: text(form, 'toUnitId') }, section: lessonAnchor };
    case 'deleteUnit':
      return { raw: { unitId }, section: 'units' };
    case 'deleteLesson':
      return { raw: { lessonId }, section: unitAnchor };
    case 'enrolStudent':
      return { raw: { courseId, email: text(form, 'email') }, section: 'students' };
  }
}
