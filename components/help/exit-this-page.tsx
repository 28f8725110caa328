'use client';

import { LogOut } from '@/components/icons/island-icons';
import { useEffect, useRef, useState, type MouseEvent } from 'react';

/** GOV.UK's pattern: three presses of Shift within this many milliseconds leave the page. */
const SHIFT_WINDOW_MS = 5000;
const SHIFT_PRESSES = 3;

export type ExitThisPageLabels = {
  button: string;
  /** Announced while Shift is being pressed: the text for one and for two presses to go. */
  pressesLeft: { 1: string; 2: string };
  /** Announced when the window runs out. */
  timedOut: string;
  /** Shown over the page while the neutral site loads. */
  leaving: string;
};

/**
 * 'Exit this page' (GOV.UK's Exit this page component): a visible control and three presses of Shift both hide the
 * page at once and replace it, and its history entry, with a neutral site (`location.replace`), so Back does not
 * return here. Without JavaScript it is a plain link to the same site. Labels come from the server (messages
 * `ExitThisPage`) so this island carries no message catalogue.
 */
export function ExitThisPage({
  exitUrl,
  labels,
  columnClassName = '',
}: {
  exitUrl: string;
  labels: ExitThisPageLabels;
  /** Lines the button up with a text column when the control spans a wider parent (a whole article). */
  columnClassName?: string;
}) {
  const [leaving, setLeaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const presses = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const exit = () => {
      setLeaving(true);
      window.location.replace(exitUrl);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== 'Shift') {
        presses.current = 0;
        return;
      }
      presses.current += 1;
      clearTimeout(timer.current);
      if (presses.current >= SHIFT_PRESSES) {
        presses.current = 0;
        exit();
        return;
      }
      setAnnouncement(labels.pressesLeft[SHIFT_PRESSES - presses.current === 1 ? 1 : 2]);
      timer.current = setTimeout(() => {
        presses.current = 0;
        setAnnouncement(labels.timedOut);
      }, SHIFT_WINDOW_MS);
    };
    // Coming back from the back/forward cache must not leave the page hidden.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    document.addEventListener('keyup', onKeyUp);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('pageshow', onPageShow);
      clearTimeout(timer.current);
    };
  }, [exitUrl, labels]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setLeaving(true);
    window.location.replace(exitUrl);
  };

  // Sticky within its parent, on a strip of the page's background, so the text scrolling under it is hidden
  // rather than showing through around the button (it sat over body text on a 390 px phone).
  return (
    <div data-exit-this-page className="sticky top-0 z-40 bg-bg py-2 print:hidden">
      <div className={`flex justify-end ${columnClassName}`}>
        <a
          href={exitUrl}
          rel="nofollow noreferrer"
          onClick={onClick}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-[#b91c1c] px-4 py-2 font-semibold text-white underline-offset-4 shadow-md hover:bg-[#991b1b] hover:underline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-[#facc15]"
        >
          <LogOut aria-hidden="true" className="size-5" />
          {labels.button}
        </a>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {leaving ? (
        <div
          role="status"
          className="fixed inset-0 z-50 flex items-center justify-center bg-white text-lg text-black"
        >
          {labels.leaving}
        </div>
      ) : null}
    </div>
  );
}
