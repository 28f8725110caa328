'use client';

import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react';

/*
 * Each island is its own chunk, requested only when DeferredIslands renders them after `ready`: none of them is in
 * a page's first-load JavaScript. React.lazy rather than next/dynamic: next/dynamic's loader runtime (2-3 KB
 * compressed) would itself join every page's first load and eat most of what deferring the islands saves
 * (bench/results). With `ready` false on the server and in the first client render, nothing lazy is rendered
 * during hydration, so no server markup has to match.
 */
/**
 * A lazy island whose chunk failing to load (a dropped connection on a phone) renders nothing instead of throwing
 * into the page's error boundary: the page stays usable without its extras.
 */
function island<P extends object>(load: () => Promise<ComponentType<P>>) {
  const nothing: ComponentType<P> = () => null;
  return lazy(() =>
    load().then(
      (c) => ({ default: c }),
      () => ({ default: nothing }),
    ),
  );
}

const AppToaster = island(() => import('./app-toaster').then((m) => m.AppToaster));
const AssistantLauncher = island(() =>
  import('@/components/assistant/launcher').then((m) => m.AssistantLauncher),
);
const NavigationStatus = island(() => import('./navigation-status').then((m) => m.NavigationStatus));
const ScrollToTop = island(() => import('./scroll-to-top').then((m) => m.ScrollToTop));

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
  // One boundary each: a slow chunk (the assistant's) must not hold back the toasts.
  return (
    <>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
      <Suspense fallback={null}>
        <AssistantLauncher shortName={shortName} />
      </Suspense>
      <Suspense fallback={null}>
        <ScrollToTop />
      </Suspense>
      <Suspense fallback={null}>
        <NavigationStatus />
      </Suspense>
    </>
  );
}
