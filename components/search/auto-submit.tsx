'use client';

import { useEffect } from 'react';

import { announceNavigation } from '@/components/layout/navigation-events';
import { useRouter } from '@/i18n/client';

/**
 * Enhances a GET filter form (the blog list, the archive) once JavaScript runs: a select change applies at once, and submitting
 * navigates client-side to the canonical URL (empty fields and defaults left out, so `?sort=title` rather than
 * `?q=&category=&sort=title&order=desc`), which also drops `page` and so restarts at page 1. Without JavaScript
 * the form's own GET submission does the same, with a longer URL.
 */
export function AutoSubmit({
  formId,
  path,
  defaults,
}: {
  formId: string;
  path: string;
  defaults: Record<string, string>;
}) {
  const router = useRouter();
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(form)) {
        const text = typeof value === 'string' ? value.trim() : '';
        if (text && defaults[key] !== text) params.set(key, text);
      }
      const query = params.toString();
      const target = query ? `${path}?${query}` : path;
      // The cancelled submission no longer tells the 'Loading content...' status anything: this does, with the
      // address the router will show (the form's action is `path` with the locale prefix).
      announceNavigation(`${form.getAttribute('action') ?? path}${query ? `?${query}` : ''}`);
      router.push(target);
    };
    const onChange = (event: Event) => {
      if (event.target instanceof HTMLSelectElement) form.requestSubmit();
    };
    form.addEventListener('submit', onSubmit);
    form.addEventListener('change', onChange);
    return () => {
      form.removeEventListener('submit', onSubmit);
      form.removeEventListener('change', onChange);
    };
  }, [formId, path, defaults, router]);
  return null;
}
