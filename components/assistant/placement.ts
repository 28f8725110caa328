/**
 * Where the chat launcher may sit without covering anything a visitor reads or uses (browser only, no React).
 *
 * The launcher is a round button fixed at the bottom right (docs/SPEC-NOTES.md §2). A fixed button always
 * floats over something, so it moves instead: from the bottom-right slot upwards along the right edge to the
 * first slot where nothing readable or usable lies under it (text, a link, a control, an image, the cookie
 * banner), and when every slot is taken it shrinks to a narrow tab in the page's right margin. Measured with
 * `document.elementsFromPoint` and text ranges, so it follows the real layout in both themes and every locale.
 */

/**
 * Elements that are content by themselves, whatever text they hold. Decorative images (empty alt, hidden
 * icons) are background, like a hero's full-bleed photo behind its text.
 */
const CONTENT_SELECTOR =
  'a,button,input,select,textarea,label,img:not([alt=""]),video,audio,iframe,svg:not([aria-hidden="true"]),canvas,[role="button"],[role="link"]';

/** Distance between sample points, in CSS px: below a line of small text or a small button's height. */
const STEP = 8;

function intersects(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom && b.width > 0 && b.height > 0;
}

/** True when a direct text node of `el` draws a glyph inside `rect`. */
function ownTextIn(el: Element, rect: DOMRect): boolean {
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (intersects(rect, r)) return true;
  }
  return false;
}

function samples(from: number, to: number): number[] {
  const out: number[] = [];
  for (let v = from + 1; v < to - 1; v += STEP) out.push(v);
  out.push(to - 1);
  return out;
}

/**
 * True when anything readable or usable lies under `rect` (viewport coordinates), ignoring `self` (the
 * launcher). Samples a grid of points STEP px apart; at each, every element stacked there is checked for
 * content elements and for its own text inside the rect.
 */
export function coversContent(rect: DOMRect, self: Element): boolean {
  const xs = samples(rect.left, rect.right);
  const ys = samples(rect.top, rect.bottom);
  const seen = new Set<Element>();
  for (const x of xs) {
    for (const y of ys) {
      for (const el of document.elementsFromPoint(x, y)) {
        if (seen.has(el) || self.contains(el)) continue;
        seen.add(el);
        if (el === document.documentElement || el === document.body) continue;
        if (el.closest('[data-testid="cookie-banner"]')) return true;
        if (el.matches(CONTENT_SELECTOR) || el.closest(CONTENT_SELECTOR)) return true;
        if (ownTextIn(el, rect)) return true;
      }
    }
  }
  return false;
}

export type Placement = { bottom: number; docked: boolean };

/** Gap between the launcher and the viewport's edges and between slots, in CSS px. */
export const EDGE_GAP = 16;

/**
 * The lowest slot (distance from the viewport's bottom, in px) where a launcher of `size` px covers nothing,
 * trying every `size + 8` px from just above the cookie banner (when shown) up to the middle of the viewport;
 * `docked` when none is free (show the narrow tab, also above the banner). `probe(bottom)` returns the
 * launcher's rect if it sat at `bottom`.
 */
export function choosePlacement(self: Element, size: number, probe: (bottom: number) => DOMRect): Placement {
  // Slots start above the cookie banner while it is shown (it is fixed at the bottom, full width).
  const banner = document.querySelector('[data-testid="cookie-banner"]');
  const base = banner ? Math.max(EDGE_GAP, window.innerHeight - banner.getBoundingClientRect().top + 8) : EDGE_GAP;
  const limit = window.innerHeight / 2;
  for (let bottom = base; bottom + size <= Math.max(limit, base + size); bottom += size + 8) {
    if (!coversContent(probe(bottom), self)) return { bottom, docked: false };
  }
  return { bottom: base, docked: true };
}
