'use client';

import { useEffect, useId, useRef, type MouseEvent } from 'react';

import { useClientMessages } from '@/i18n/client-messages';

/** One problem in the summary: the message shown under the field, and the id of the control it is about. */
export type SummaryError = { id: string; text: string };

/**
 * The error summary at the top of a public form, as GOV.UK writes it: a `role="alert"` box titled 'There is a
 * problem' (`Forms.errorSummaryTitle`) listing each field's message (the same words as under the field) as a link
 * to that field. It renders nothing while `errors` is empty.
 *
 * Focus lands on it after every refused submission, on both paths:
 * - with JavaScript, whenever `focusKey` changes to a new non-zero value (the form counts its refusals: client
 *   validation and server refusals alike);
 * - without JavaScript (a refused `useActionState` post, rendered on the server), `serverRefused` writes
 *   `autofocus` into the HTML, so the browser focuses (and scrolls to) the summary as the page loads.
 *
 * It keeps clear of the sticky header and 'Exit this page' when focus scrolls to it (scroll margin).
 * A link moves focus to its field (and scrolls it into the middle of the view, so its label shows); without
 * JavaScript it is a plain `#id` link. Client-only state; no I/O.
 */
export function ErrorSummary({
  errors,
  focusKey = 0,
  serverRefused = false,
}: {
  errors: readonly SummaryError[];
  focusKey?: number;
  serverRefused?: boolean;
}) {
  const t = useClientMessages('Forms');
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const shown = errors.length > 0;

  useEffect(() => {
    // The summary may render in the same commit as the refusal: focus once it is in the DOM.
    if (focusKey > 0 && shown) ref.current?.focus();
  }, [focusKey, shown]);

  if (!shown) return null;

  function go(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const field = document.getElementById(id);
    if (!field) return;
    event.preventDefault();
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  }

  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      autoFocus={serverRefused}
      data-testid="error-summary"
      className="scroll-mt-24 rounded-lg border-4 border-red-700 bg-bg p-4 text-fg focus:outline-3 focus:outline-offset-2 focus:outline-brand dark:border-red-300"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {t('errorSummaryTitle')}
      </h2>
      <ul className="mt-2 list-none space-y-1">
        {errors.map((error) => (
          <li key={error.id}>
            <a
              href={`#${error.id}`}
              onClick={(event) => go(event, error.id)}
              className="font-semibold text-red-800 underline underline-offset-2 dark:text-red-300"
            >
              {error.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The summary's entries for fields in their order on the page: each `[name, id]` pair whose name has a message
 * (`text(name)` returns it, or undefined when the field is fine).
 */
export function summaryErrors(
  fields: readonly (readonly [name: string, id: string])[],
  text: (name: string) => string | undefined,
): SummaryError[] {
  const out: SummaryError[] = [];
  for (const [name, id] of fields) {
    const message = text(name);
    if (message) out.push({ id, text: message });
  }
  return out;
}
