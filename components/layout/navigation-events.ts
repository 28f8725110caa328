/**
 * How script that navigates on its own tells the 'Loading content...' status (./navigation-status.tsx) that a
 * navigation has begun: a GET form whose submission JavaScript cancels and replaces with a client-side
 * `router.push` (components/search/auto-submit.tsx) is indistinguishable, at its `submit` event, from a form handled
 * in JavaScript that goes nowhere (the chat, contact, sign-in), so only the code that really navigates says so.
 */
export const NAVIGATION_START_EVENT = 'lrjn:navigation-start';

/**
 * Announces a client-side navigation to `href` (a path or URL, resolved against the current address). Takes the
 * destination; returns nothing; a destination equal to the current address announces nothing (no navigation, so
 * no status that would wait for one).
 */
export function announceNavigation(href: string): void {
  const url = new URL(href, location.href);
  if (url.href === location.href) return;
  document.dispatchEvent(new CustomEvent(NAVIGATION_START_EVENT, { detail: url.href }));
}
