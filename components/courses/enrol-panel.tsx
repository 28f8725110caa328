'use client';

import { useEffect, useState, useTransition } from 'react';

import { enrolInCourse } from '@/lib/courses/actions';
import { Link, useRouter } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { showToast } from '@/lib/toast';

import type { EnrolErrorKey } from '@/lib/courses/shared';

type State = 'unknown' | 'signed-out' | 'can-enrol' | 'enrolled';

// The ui Button's primary look (components/ui/button.tsx), written out as its stylesheet classes like the other
// islands of a page's first load.
const BUTTON = 'btn btn-primary btn-md rounded-full';

/**
 * The course page's Enrol / Continue island (docs/SPEC-NOTES.md §2 Courses). The page is the same for every visitor, so this
 * asks `/api/courses/{id}/enrolment` who is looking: signed out → 'Sign in to enrol' (to /login?next=this page),
 * enrolled → 'Continue learning', signed in to a free course → 'Enrol for free' (the `enrolInCourse` action, then
 * the learn page; a failure, even a lost connection, is a toast and a line under the button, and the page stays),
 * priced and not enrolled → 'Contact us to enrol' (payments are out of scope). Until the answer
 * arrives (and without JavaScript) it shows the signed-out choice, which still works.
 */
export function EnrolPanel({ courseId, priced }: { courseId: string; priced: boolean }) {
  const t = useClientMessages('Courses');
  const router = useRouter();
  const [state, setState] = useState<State>('unknown');
  const [error, setError] = useState<EnrolErrorKey | null>(null);
  const [pending, startTransition] = useTransition();
  const coursePath = `/courses/${courseId}`;
  const learnPath = `${coursePath}/learn`;

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/courses/${encodeURIComponent(courseId)}/enrolment`, {
      signal: controller.signal,
      cache: 'no-store',
    })
      .then((r) => (r.ok ? r.json() : { signedIn: false, enrolled: false }))
      .then((s: { signedIn: boolean; enrolled: boolean }) =>
        setState(s.enrolled ? 'enrolled' : s.signedIn ? 'can-enrol' : 'signed-out'),
      )
      .catch(() => {
        if (!controller.signal.aborted) setState('signed-out');
      });
    return () => controller.abort();
  }, [courseId]);

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
      if (key === 'errorNotAuthenticated') setState('signed-out');
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
