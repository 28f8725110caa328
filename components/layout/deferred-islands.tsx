'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';

/*
 * Each island is its own chunk, requested only when DeferredIslands mounts them (next/dynamic with `ssr: false`
 * renders nothing on the server and preloads nothing): none of them is in a page's first-load JavaScript.
 */
const AppToaster = dynamic(() => import('./app-toaster').then((m) => m.AppToaster), { ssr: false });
const AssistantLauncher = dynamic(
  () => import('@/components/assistant/launcher').then((m) => m.AssistantLauncher),
  { ssr: false },
);
const NavigationStatus = dynamic(() => import('./navigation-status').then((m) => m.NavigationStatus), {
  ssr: false,
});
const ScrollToTop = dynamic(() => import('./scroll-to-top').then((m) => m.ScrollToTop), { ssr: false });

/** Mounted at the latest this long after hydration, even if the page never fires `load` (a stalled image). */
const LATEST_MS = 4000;

/**
 * Calls `run` once the page has loaded and the browser is idle, or after LATEST_MS, whichever is first; returns
 * the cancel function (for an effect's clean-up). `requestIdleCallback` is missing in older Safari: a timeout
 * then stands in.
 */
export function afterLoadIdle(run: () => void): () => void {
  let done = false;
  let idle = 0;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const onIdle = () => {
    idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(once, { timeout: 1000 })
        : window.setTimeout(once, 1);
  };
  const latest = window.setTimeout(once, LATEST_MS);
  if (document.readyState === 'complete') onIdle();
  else window.addEventListener('load', onIdle, { once: true });
  return () => {
    done = true;
    window.clearTimeout(latest);
    window.removeEventListener('load', onIdle);
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * The layout's islands that nothing on the first paint needs (issue 20 items 1 and 2): the toast viewport, the chat
 * assistant's button, the navigation status live region and the scroll reset on path changes. They mount after
 * the page's `load` event, when the browser is idle, so their code neither competes with the page's own scripts
 * and images nor runs before the first paint. Nothing is lost meanwhile: a toast asked for earlier waits in
 * lib/toast's queue, and no client-side navigation has happened yet for the other two to follow.
 */
export function DeferredIslands({ shortName }: { shortName: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <>
      <AppToaster />
      <AssistantLauncher shortName={shortName} />
      <ScrollToTop />
      <NavigationStatus />
    </>
  );
}
