import type { ReactNode } from 'react';

import type { getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import type { Locale } from '@/i18n/routing';
import { moveLessonToUnitAction } from '@/lib/courses/actions';

/**
 * The admin course pages' looks, from the ui primitives (components/ui): a full-width control, and small
 * primary, outline and danger buttons.
 */
export const adminInput = controlClass();
export const adminPrimary = buttonClass('primary', 'sm');
export const adminSecondary = buttonClass('outline', 'sm');
export const adminDanger = buttonClass('danger', 'sm');

/** The CourseAdmin messages of a server page (`getTranslations({ namespace: 'CourseAdmin' })`). */
export type CourseAdminT = Awaited<ReturnType<typeof getTranslations<'CourseAdmin'>>>;

/** One change of the manage page: its server action from lib/courses/actions.ts. */
export type ManageAction = (formData: FormData) => Promise<void>;

/**
 * One form of the manage page: posts to its own server action (lib/courses/actions.ts) with the hidden fields it
 * needs (`locale`, `courseId` and any `hidden` ids), so it works without JavaScript. Server component.
 */
export function ManageForm({
  action,
  locale,
  courseId,
  hidden = {},
  className,
  children,
}: {
  action: ManageAction;
  locale: Locale;
  courseId: string;
  hidden?: Record<string, string | number>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form action={action} className={className}>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="courseId" value={courseId} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      {children}
    </form>
  );
}

/**
 * Delete with confirmation and no script: a disclosure whose only content is the warning and the real delete
 * button. Server component.
 */
export function ConfirmDelete({
  summary,
  warning,
  confirm,
  children,
}: {
  summary: ReactNode;
  warning: string;
  confirm: string;
  children: (button: ReactNode) => ReactNode;
}) {
  return (
    <details className="group">
      <summary className={`${adminDanger} inline-block cursor-pointer list-none`}>{summary}</summary>
      <div className="mt-2 rounded-lg border border-danger p-3">
        <p className="text-sm">{warning}</p>
        {children(
          <button type="submit" className={`${adminDanger} mt-2`}>
            {confirm}
          </button>,
        )}
      </div>
    </details>
  );
}

/** Move up / Move down for one item at `index` of `count`, posting `toIndex` (buttons at the ends are disabled). */
export function MoveButtons({
  action,
  locale,
  courseId,
  idName,
  id,
  index,
  count,
  labels,
  itemTitle,
}: {
  action: ManageAction;
  locale: Locale;
  courseId: string;
  idName: 'unitId' | 'lessonId';
  id: string;
  index: number;
  count: number;
  labels: { up: string; down: string };
  itemTitle: string;
}) {
  const move = (toIndex: number, label: string, disabled: boolean) => (
    <ManageForm action={action} locale={locale} courseId={courseId} hidden={{ [idName]: id, toIndex }}>
      <button type="submit" disabled={disabled} className={adminSecondary}>
        {label}
        <span className="sr-only">: {itemTitle}</span>
      </button>
    </ManageForm>
  );
  return (
    <>
      {move(Math.max(0, index - 1), labels.up, index === 0)}
      {move(index + 1, labels.down, index >= count - 1)}
    </>
  );
}

/**
 * "Move to unit" for one lesson: a labelled select of the course's other units and a submit button, posting
 * `moveLessonToUnitAction` with `toUnitId` (the lesson goes to the end of that unit). Renders nothing when the course
 * has no other unit. Server component; works without JavaScript.
 */
export function MoveToUnit({
  locale,
  courseId,
  lessonId,
  lessonTitle,
  units,
  labels,
}: {
  locale: Locale;
  courseId: string;
  lessonId: string;
  lessonTitle: string;
  /** The other units, in course order, each with the label to show (e.g. 'Unit 2: Beta'). */
  units: { id: string; label: string }[];
  labels: { select: string; submit: string };
}) {
  if (units.length === 0) return null;
  const selectId = `move-unit-${lessonId}`;
  return (
    <ManageForm
      action={moveLessonToUnitAction}
      locale={locale}
      courseId={courseId}
      hidden={{ lessonId }}
      className="flex flex-wrap items-end gap-2"
    >
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium">
          {labels.select}
          <span className="sr-only">: {lessonTitle}</span>
        </label>
        <select
          id={selectId}
          name="toUnitId"
          required
          className="mt-1 block rounded-lg border border-border bg-bg px-3 py-1.5 text-sm text-fg"
        >
          {units.map((unit) => (
            <option key={unit.id} value={unit.id}>
              {unit.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={adminSecondary}>
        {labels.submit}
        <span className="sr-only">: {lessonTitle}</span>
      </button>
    </ManageForm>
  );
}
