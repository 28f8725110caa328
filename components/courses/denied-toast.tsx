'use client';

import { useEffect } from 'react';

import { useClientMessages } from '@/i18n/client-messages';
import { showToast } from '@/lib/toast';

import { deniedNotice } from '@/lib/courses/shared';

/**
 * Shows docs/SPEC-NOTES.md §6's refusal toast when `requireAdmin` sent the visitor here with `?denied=admin` ('Access Denied')
 * or `?denied=check` (the admin check failed), then drops the parameter from the address bar. Reads the URL in
 * the browser, so the courses page itself stays free of per-request inputs. Renders nothing.
 */
export function DeniedToast() {
  const t = useClientMessages('Courses');
  useEffect(() => {
    const notice = deniedNotice(window.location.search);
    if (!notice) return;
    // A fixed id: React's development double effect (or a re-render) shows one toast, not two.
    if (notice === 'admin') {
      showToast((toast) =>
        toast.error(t('deniedTitle'), { id: 'courses-denied', description: t('deniedBody') }),
      );
    } else {
      showToast((toast) => toast.error(t('checkFailed'), { id: 'courses-denied' }));
    }
    const url = new URL(window.location.href);
    url.searchParams.delete('denied');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load
  }, []);
  return null;
}
