'use client';

import { useEffect, useRef } from 'react';

/**
 * The global error screen (docs/SPEC-NOTES.md §2): 'Something went wrong', the error's message, and Reload Page.
 * Texts come in as props so it also works in `global-error.tsx`, where no translation provider exists.
 * Focus moves to the heading so screen-reader users hear what happened.
 */
export function ErrorScreen({
  title,
  message,
  reference,
  reloadLabel,
}: {
  title: string;
  message: string;
  reference?: string;
  reloadLabel: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold">
        {title}
      </h1>
      <p className="mt-4 break-words text-muted" data-testid="error-message">
        {message}
      </p>
      {reference ? <p className="mt-2 text-sm text-muted">{reference}</p> : null}
      {/* Button's look as its class names (app/globals.css), not the component: this screen is in every page's
          first-load JS (the root layout's window error screen and global-error). */}
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="btn btn-primary btn-lg mt-8 rounded-full"
      >
        {reloadLabel}
      </button>
    </div>
  );
}
