'use client';

import { useEffect } from 'react';

/**
 * Submits a GET form when one of its selects changes, so picking a category or sort order applies at once.
 * Without JavaScript the form's own button does the same.
 */
export function AutoSubmit({ formId }: { formId: string }) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const onChange = (event: Event) => {
      if (event.target instanceof HTMLSelectElement) form.requestSubmit();
    };
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  }, [formId]);
  return null;
}
