'use client';

import { useState, useTransition } from 'react';

import { enrolInCourse } from '@/lib/courses/actions';
import { Link, useRouter } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { showToast } from '@/lib/toast';

import { useCourseVisitor } from './course-visitor';

import type { EnrolErrorKey } from '@/lib/courses/shared';

type State = 'unknown' | 'signed-out' | 'can-enrol' | 'enrolled';

// The ui Button's primary look (components/ui/button.tsx), written out as its stylesheet classes like the other
// islands of a page's first load.
const BUTTON = 'btn btn-primary btn-md rounded-full';

/**
 * The course page's Enrol / Continue island (docs/SPEC-NOTES.md §2 Courses). The page is the same for every visitor, so this
 * asks `/api/courses/{id}/enrolment` who is looking (`useCourseVisitor`, one request shared with the page's other islands): signed out → 'Sign in to enrol' (to /login?next=this page),
 * enrolled → 'Continue learning', signed in to a free course → 'Enrol for free' (the `enrolInCourse` action, then
 * the learn page; a failure, even a lost connection, is a toast and a line under the button, and the page stays),
 * priced and not enrolled → 'Contact us to enrol' (payments are out of scope). Until the answer
 * arrives (and without JavaScript) it shows the signed-out choice, which still works.
 */
export function EnrolPanel({ courseId, priced }: { courseId: string; priced: boolean }) {
  const t = useClientMessages('Courses');
  const router = useRouter();
  // Signed out after all: the enrol action said so (the session ended since the page asked).
  const [sessionEnded, setSessionEnded] = useState(false);
  const [error, setError] = useState<EnrolErrorKey | null>(null);
  const [pending, startTransition] = useTransition();
  const coursePath = `/courses/${courseId}`;
  const learnPath = `${coursePath}/learn`;

  const visitor = useCourseVisitor(courseId);
  const state: State = sessionEnded
    ? 'signed-out'
    : !visitor
      ? 'unknown'
      : visitor.enrolled
        ? 'enrolled'
        : visitor.signedIn
          ? 'can-enrol'
          : 'signed-out';

  const onEnrol = () => {
    setError(null);
    startTransition(async () => {
      let key: EnrolErrorKey;
      try {
        const result = await enrolInCourse(courseId);
        if (result.ok) {
          router.push(learnPath);
          return;
        }
        key = result.error;
      } catch {
        // No answer at all (connection lost): a rejection here would leave the transition and replace the page
        // with the error screen; it is the spec's enrolment failure instead, and the page stays.
        key = 'errorEnrolmentFailed';
      }
      setError(key);
      if (key === 'errorNotAuthenticated') setSessionEnded(true);
      showToast((toast) => toast.error(t('errorTitle'), { description: t(key) }));
    });
  };

  let action;
  if (state === 'enrolled') {
    action = (
      <>
        <p className="text-sm text-muted">{t('enrolledNote')}</p>
        <Link href={learnPath} className={BUTTON}>
          {t('continue')}
        </Link>
      </>
    );
  } else if (priced) {
    action = (
      <>
        <p className="text-sm text-muted">{t('pricedNote')}</p>
        <Link href="/contact" prefetch={false} className={BUTTON}>
          {t('contactToEnrol')}
        </Link>
      </>
    );
  } else if (state === 'can-enrol') {
    action = (
      <button type="button" onClick={onEnrol} disabled={pending} aria-busy={pending} className={BUTTON}>
        {pending ? t('enrolling') : t('enrol')}
      </button>
    );
  } else {
    action = (
      <Link href={`/login?next=${encodeURIComponent(coursePath)}`} className={BUTTON}>
        {t('signInToEnrol')}
      </Link>
    );
  }

  return (
    <div className="flex flex-col items-start gap-3" data-enrol-state={state}>
      {action}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
