'use client';

import { useEffect, useRef, useState } from 'react';

import { useClientMessages } from '@/i18n/client-messages';

import { NAVIGATION_START_EVENT } from './navigation-events';

/** A navigation quicker than this shows no status (no flash on cached pages). */
const SHOW_AFTER_MS = 150;
/** Give up waiting after this long (a navigation that failed or was cancelled). */
const GIVE_UP_MS = 10_000;

/** The href of an in-site link a plain click will follow client-side, else null (new tab, download, hash, other site). */
function followedHref(event: MouseEvent): string | null {
  // Not `defaultPrevented`: next/link cancels every click it turns into a client-side navigation.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return null;
  if (url.pathname === location.pathname && url.search === location.search) return null;
  return url.href;
}

/**
 * The address a form submission will navigate to, else null. Only a form that says `method="get"` in its markup
 * (the blog, archive and 404 searches) navigates: `form.method` reads 'get' for a form with no method at all, which
 * is every form handled in JavaScript (the chat composer, contact, sign-in, newsletter), and those must never say
 * 'Loading content...' (the bar then covered the chat's close button for 10 s). A submission a handler cancelled,
 * one into another window or to another site, or one to the address already shown, is not a navigation either.
 */
function submittedGetHref(event: SubmitEvent): string | null {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return null;
  const submitter = event.submitter;
  const method = (submitter?.getAttribute('formmethod') ?? form.getAttribute('method'))?.toLowerCase();
  if (method !== 'get') return null;
  const target = submitter?.getAttribute('formtarget') ?? form.getAttribute('target');
  if (target && target !== '_self') return null;
  const url = new URL(submitter?.getAttribute('formaction') ?? form.action, location.href);
  if (url.origin !== location.origin) return null;
  url.search = new URLSearchParams(
    new FormData(form, submitter) as unknown as Record<string, string>,
  ).toString();
  return url.href === location.href ? null : url.href;
}

/**
 * The spec's 'Loading content...' (docs/SPEC-NOTES.md §2) while a client-side navigation is on its way: after an
 * in-site link click, a GET form submission that goes ahead (the 404 page's search), or a navigation announced by
 * the script that makes it (./navigation-events.ts: the blog and archive filters), once it takes longer than
 * SHOW_AFTER_MS, until the address changes. Never for a form handled in JavaScript (the chat, contact, sign-in). A polite live region (not role="status": each page's own result
 * summary is its status), always in the page so screen readers hear it, with a spinner that stays still when motion
 * is reduced.
 *
 * Why not `loading.tsx`: a route loading boundary streams the page's content in a hidden block that only
 * JavaScript reveals, so without JavaScript the archive and blog searches would show nothing but the loading text.
 */
export function NavigationStatus() {
  const t = useClientMessages('Loading');
  const [pending, setPending] = useState(false);
  const timers = useRef<{ show?: number; poll?: number; giveUp?: number }>({});

  useEffect(() => {
    const stop = () => {
      const { show, poll, giveUp } = timers.current;
      window.clearTimeout(show);
      window.clearInterval(poll);
      window.clearTimeout(giveUp);
      timers.current = {};
      setPending(false);
    };
    const start = () => {
      stop();
      const from = location.href;
      timers.current.show = window.setTimeout(() => setPending(true), SHOW_AFTER_MS);
      // The router updates the address when the new page is ready.
      timers.current.poll = window.setInterval(() => {
        if (location.href !== from) stop();
      }, 50);
      timers.current.giveUp = window.setTimeout(stop, GIVE_UP_MS);
    };
    const onClick = (event: MouseEvent) => {
      if (followedHref(event)) start();
    };
    const onSubmit = (event: SubmitEvent) => {
      if (submittedGetHref(event)) start();
    };
    // Capture phase: before React's own listener on the document, whatever it does with the click.
    document.addEventListener('click', onClick, true);
    // Bubble phase on the document: after the form's own handlers (and React's, on the root), so a submission
    // they cancelled is seen as cancelled.
    document.addEventListener('submit', onSubmit);
    document.addEventListener(NAVIGATION_START_EVENT, start);
    window.addEventListener('popstate', stop);
    return () => {
      stop();
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit);
      document.removeEventListener(NAVIGATION_START_EVENT, start);
      window.removeEventListener('popstate', stop);
    };
  }, []);

  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      data-testid="navigation-status"
      className={
        pending
          ? 'fixed inset-x-0 top-0 z-[70] flex items-center justify-center gap-3 bg-surface px-4 py-2 text-sm text-fg shadow-md print:hidden'
          : 'sr-only'
      }
    >
      {pending && (
        <>
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-border border-t-brand motion-reduce:animate-none"
          />
          <span>{t('content')}</span>
        </>
      )}
    </div>
  );
}
