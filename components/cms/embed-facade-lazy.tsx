'use client';

import { lazy, Suspense, type ComponentProps } from 'react';

const EmbedFacadeInner = lazy(() => import('./embed-facade').then((m) => ({ default: m.EmbedFacade })));

/**
 * EmbedFacade in its own chunk, for content where a video is the exception (CMS HTML, the home page's optional
 * video): pages without one no longer download its code (issue 20 item 2). Server-rendered as before.
 */
export function EmbedFacadeLazy(props: ComponentProps<typeof EmbedFacadeInner>) {
  return (
    <Suspense fallback={null}>
      <EmbedFacadeInner {...props} />
    </Suspense>
  );
}
