'use client';

import { useEffect, useState, type RefObject } from 'react';

/**
 * Below this width the panel is modal; from here up it sits beside the page, which makes room for it. The page
 * keeps its desktop layout (from 1024 px, Tailwind's lg) only if 1024 px remain beside the 416 px panel: below
 * that the header, laid out for the whole viewport, would run under the panel (Get help, Donate, Sign in at 1366).
 */
export const MODAL_BELOW_PX = 1024 + 416;
const MODAL_QUERY = `(max-width: ${MODAL_BELOW_PX - 1}px)`;

/** Space the page keeps free for the open panel on a wide screen (the panel's `sm:w-[26rem]`). */
const PANEL_WIDTH = '26rem';

/** What must stay live while the page is inert: the toasts (the chat's own toasts show there) and live regions. */
function keepLive(el: Element): boolean {
  return el.matches('[aria-live], script, style, template') || !!el.querySelector('[data-sonner-toaster]');
}

/**
 * Makes everything outside `panel` inert (each sibling along its path up to <body>), and returns the undo. Only
 * elements that were not inert already are touched, so a dialog's own inert page is left as it was.
 */
function inertOutside(panel: HTMLElement): () => void {
  const touched: HTMLElement[] = [];
  for (let node: HTMLElement | null = panel; node && node !== document.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of Array.from(parent.children) as Element[]) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert || keepLive(sibling))
        continue;
      sibling.inert = true;
      touched.push(sibling);
    }
  }
  return () => {
    for (const el of touched) el.inert = false;
  };
}

/**
 * The chat panel's mode (review 2026-12-01 §7, WCAG 2.4.11): below MODAL_BELOW_PX (phones, tablets, laptops up to
 * 1439 px), while open, it is a modal dialog:
 * the page behind is inert (nothing focusable or readable hides under the panel) and the caller traps Tab;
 * on a wider screen it stays non-modal, and the page gives up the panel's width on the right (body padding), so
 * the panel covers no control. Follows the viewport while open (a phone turned, a window resized). Returns
 * whether the panel is modal now (for `aria-modal` and the Tab trap).
 */
export function usePanelMode(panel: RefObject<HTMLElement | null>, open: boolean): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(MODAL_QUERY);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const modal = open && narrow;
  useEffect(() => {
    const el = panel.current;
    if (!open || !el) return;
    if (modal) return inertOutside(el);
    const body = document.body.style;
    const before = body.paddingInlineEnd;
    body.paddingInlineEnd = PANEL_WIDTH;
    return () => {
      body.paddingInlineEnd = before;
    };
  }, [open, modal, panel]);
  return modal;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside `container`: Tab on its last focusable element goes to the first, Shift+Tab on the first to the
 * last. Returns true when it moved focus (the caller then prevents the default).
 */
export function wrapTab(container: HTMLElement, backwards: boolean): boolean {
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden], [inert]') && el.getClientRects().length > 0,
  );
  if (!items.length) return false;
  const first = items[0]!;
  const last = items.at(-1)!;
  const active = document.activeElement;
  if (backwards && (active === first || !container.contains(active))) {
    last.focus();
    return true;
  }
  if (!backwards && (active === last || !container.contains(active))) {
    first.focus();
    return true;
  }
  return false;
}
