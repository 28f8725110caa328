'use client';

import { lazy, Suspense, type ComponentProps } from 'react';

const ExitThisPageInner = lazy(() => import('./exit-this-page').then((m) => ({ default: m.ExitThisPage })));

/**
 * ExitThisPage in its own chunk: only posts with a content note and the Get help page render it, so the other
 * posts no longer download its code with the page's (issue 20 item 2). Server-rendered as before (the link works
 * without JavaScript); it becomes interactive once its chunk has arrived.
 */
export function ExitThisPageLazy(props: ComponentProps<typeof ExitThisPageInner>) {
  return (
    <Suspense fallback={null}>
      <ExitThisPageInner {...props} />
    </Suspense>
  );
}
