'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';

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
 * the panel covers no control; if a control still lies under it (checked on open), it is modal there too. Follows the viewport while open (a phone turned, a window resized). Returns
 * a ref that says whether the panel is modal now (for the Tab trap); it sets the panel's `aria-modal` itself.
 */
export function usePanelMode(panel: RefObject<HTMLElement | null>, open: boolean): RefObject<boolean> {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(MODAL_QUERY);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  // Modal where narrow; on a wide screen too if the page, given the room beside the panel, still runs a control
  // under it (a header laid out for the viewport can need more than it has). Kept in a ref and in the panel's
  // aria-modal attribute, both set here with the inert page, so the three never disagree.
  const modal = useRef(false);
  useEffect(() => {
    const el = panel.current;
    if (!open || !el) return;
    const body = document.body.style;
    const before = body.paddingInlineEnd;
    if (!narrow) {
      body.paddingInlineEnd = PANEL_WIDTH;
      if (!coversControls(el))
        return () => {
          body.paddingInlineEnd = before;
        };
      body.paddingInlineEnd = before;
    }
    modal.current = true;
    el.setAttribute('aria-modal', 'true');
    const restore = inertOutside(el);
    return () => {
      restore();
      el.removeAttribute('aria-modal');
      modal.current = false;
    };
  }, [open, narrow, panel]);
  return modal;
}

/** Whether a visible focusable control of the page (outside `panel`) lies under it, in the viewport. */
function coversControls(panel: HTMLElement): boolean {
  const box = panel.getBoundingClientRect();
  for (const el of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (panel.contains(el) || el.closest('[hidden], [inert]') || getComputedStyle(el).visibility === 'hidden')
      continue;
    for (const r of el.getClientRects()) {
      if (
        r.width &&
        r.height &&
        r.bottom > 0 &&
        r.top < innerHeight &&
        r.right > box.left &&
        r.left < box.right
      )
        return true;
    }
  }
  return false;
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
