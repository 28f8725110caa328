'use client';

import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';

import { useClientMessages } from '@/i18n/client-messages';

import type { ChatPanelProps } from './chat-panel';
import { EDGE_GAP, choosePlacement, type Placement } from './placement';
import { chatKeys, writeStorage } from './storage';

/**
 * The chat assistant's round floating button (docs/SPEC-NOTES.md §2 Chat assistant widget), on every page. Tiny on purpose: the
 * panel (message list, streaming, toasts) is downloaded with a dynamic `import()` on the first click or key press,
 * so it adds almost nothing to a page's first load. The red dot is the unread flag: it shows only when a reply
 * finished while the panel was closed (never as a standing invitation). The button moves up the right edge,
 * or shrinks to a narrow tab in the margin, so it never covers text, a control or the cookie banner
 * (placement.ts); keyboard focus always shows it whole.
 */
const SIZE = 56;

export function AssistantLauncher({ shortName }: { shortName: string }) {
  const t = useClientMessages('AssistantPanel');
  const keys = chatKeys(shortName);
  const name = t('name', { short: shortName });
  const [Panel, setPanel] = useState<ComponentType<ChatPanelProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [replyUnread, setReplyUnread] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const unread = !open && replyUnread;
  // null until the first measurement: the button stays invisible until then, so its first painted place is its
  // real one (turning into the docked tab after being painted round was a layout shift).
  const [measured, setPlace] = useState<Placement | null>(null);
  const place = measured ?? { bottom: EDGE_GAP, docked: false };
  // Moves animate only after the first placement has been painted: it appears where it belongs, not sliding there.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!measured || settled) return;
    const frame = requestAnimationFrame(() => setSettled(true));
    return () => cancelAnimationFrame(frame);
  }, [measured, settled]);

  useEffect(() => {
    const self = button.current;
    if (!self) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const width = document.documentElement.clientWidth;
      const next = choosePlacement(
        self,
        SIZE,
        (bottom) => new DOMRect(width - EDGE_GAP - SIZE, window.innerHeight - bottom - SIZE, SIZE, SIZE),
      );
      setPlace((prev) => (prev && prev.bottom === next.bottom && prev.docked === next.docked ? prev : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // The first measurement waits for the next frame too: run in the effect, inside the commit that mounts the
    // launcher (while the page is still hydrating), its hit tests forced a layout of their own (issue 20:
    // main-thread time on first load); in a frame callback that layout is due anyway.
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Content that appears or goes (the cookie banner, a client-rendered list) changes what lies underneath.
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, []);

  const show = () => {
    writeStorage(keys.opened, 'true');
    setOpen(true);
    setReplyUnread(false);
    if (!Panel && !loading) {
      setLoading(true);
      import('./chat-panel')
        .then((m) => setPanel(() => m.ChatPanel))
        .catch(() => setOpen(false))
        .finally(() => setLoading(false));
    }
  };

  // Focus goes back to the button after the close has been committed: while the panel is modal the button is
  // inert with the rest of the page (panel-mode.ts), and a focus() before the panel lets go of it is lost.
  const refocus = useRef(false);
  const close = useCallback(() => {
    refocus.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [open]);

  const isOpen = useRef(false);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);
  // A reply that finished while the panel was hidden: flag it on the button.
  const onReply = useCallback(() => {
    if (!isOpen.current) setReplyUnread(true);
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => (open ? close() : show())}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-busy={loading || undefined}
        data-testid="chat-launcher"
        data-docked={place.docked || undefined}
        // Moved up from its bottom slot by a transform, not by `bottom`: each frame of an animated `bottom` was a
        // layout shift (8-9 per load, CLS 0.005-0.009 on a phone); a transform shifts no layout.
        style={{
          bottom: EDGE_GAP,
          transform: place.bottom === EDGE_GAP ? undefined : `translateY(${EDGE_GAP - place.bottom}px)`,
        }}
        // Hidden while the panel is shown: the panel lies over it (full screen on a phone, the right edge on a wide
        // screen), and a focusable control under it fails WCAG 2.4.11; the panel has its own Close button.
        className={`group fixed z-40 flex ${measured && !(open && Panel) ? '' : 'invisible'} items-center justify-center bg-brand text-brand-fg shadow-lg ${settled ? 'transition-[transform,background-color]' : ''} hover:bg-brand-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus motion-reduce:transition-none print:hidden ${
          place.docked && !open
            ? 'right-0 h-14 w-3 rounded-l-full focus-visible:right-4 focus-visible:size-14 focus-visible:rounded-full'
            : 'right-4 size-14 rounded-full'
        }`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-7 ${place.docked && !open ? 'hidden group-focus-visible:block' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21 12a8 8 0 0 1-11.8 7L3 21l2-6.2A8 8 0 1 1 21 12z" />
        </svg>
        <span className="sr-only">
          {t('open', { name })}
          {unread ? `, ${t('unread')}` : ''}
        </span>
        {unread && (
          <span
            data-testid="chat-unread-dot"
            aria-hidden="true"
            className="absolute top-0.5 right-0.5 size-3.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-[#0b1120]"
          />
        )}
      </button>
      {Panel && <Panel open={open} name={name} keys={keys} onClose={close} onReply={onReply} />}
    </>
  );
}
