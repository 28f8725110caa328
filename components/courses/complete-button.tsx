'use client';

import { CheckCircle2 } from '@/components/icons/island-icons';
import { useState, useTransition } from 'react';

import { completeLessonAction } from '@/lib/courses/actions';
import { useRouter } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { showToast } from '@/lib/toast';

/**
 * 'Mark complete' for the open lesson (docs/SPEC-NOTES.md §2 Courses): the `completeLessonAction` server action, then on to
 * `nextHref` (the next lesson) or, for the last one, a refresh that shows the new progress and, at 100%, the
 * certificate link. Failures show 'User not authenticated' or 'Failed to update progress' inline and as a toast; a lost connection is
 * 'Failed to update progress' too, and the lesson stays.
 */
export function CompleteButton({
  courseId,
  lessonId,
  nextHref,
}: {
  courseId: string;
  lessonId: string;
  nextHref: string | null;
}) {
  const t = useClientMessages('CourseLearn');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<'errorNotAuthenticated' | 'errorProgress' | null>(null);

  const onClick = () => {
    setError(null);
    startTransition(async () => {
      let result: Awaited<ReturnType<typeof completeLessonAction>>;
      try {
        result = await completeLessonAction(courseId, lessonId);
      } catch {
        // No answer at all (connection lost): the spec's progress failure, and the lesson stays on screen (a
        // rejection would leave the transition and show the error screen instead).
        result = { ok: false, error: 'errorProgress' } as typeof result;
      }
      if (!result.ok) {
        const key = result.error;
        setError(key);
        showToast((toast) => toast.error(t('errorTitle'), { description: t(key) }));
        return;
      }
      if (nextHref && result.data.progress < 100) router.push(nextHref);
      else router.refresh();
    });
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        onClick={onClick}
        disabled={pending}
        aria-busy={pending}
        className="btn btn-primary btn-md rounded-full"
      >
        <CheckCircle2 aria-hidden className="size-5" />
        {pending ? t('saving') : t('markComplete')}
      </button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
