import type { ReactNode } from 'react';

import { Search } from '@/components/icons/icons';
import { Button } from '@/components/ui/button';

import { AutoSubmit } from './auto-submit';

/** The class of a filter form's selects (and, with its padding, of its search input). */
export const FILTER_FIELD = 'mt-1 block w-full rounded-lg border border-border bg-bg px-3 py-2 text-base';

/**
 * A list's filters as a plain GET form with `role="search"`: a search box (`q`), the list's own fields
 * (`children`), and a submit button. It works without JavaScript, every result is a URL, and submitting drops
 * `page`, so a new search starts at page 1; once JavaScript runs, AutoSubmit applies a select change at once and
 * navigates to the canonical URL (`defaults` left out). `gridClass` sets the columns of the wide layout.
 */
export function FilterForm({
  id,
  path,
  action,
  defaults,
  gridClass,
  searchLabel,
  searchPlaceholder,
  q,
  submitLabel,
  wideSearch = false,
  children,
}: {
  id: string;
  path: string;
  action: string;
  defaults: Record<string, string>;
  gridClass: string;
  searchLabel: string;
  searchPlaceholder: string;
  q: string;
  submitLabel: string;
  /** Whether the search box spans both columns of the two-column (small tablet) layout. */
  wideSearch?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      role="search"
      action={action}
      method="get"
      className={`grid gap-4 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-2 lg:items-end ${gridClass}`}
    >
      <label className={`block text-sm font-medium${wideSearch ? 'sm:col-span-2 lg:col-span-1' : ''}`}>
        {searchLabel}
        <span className="relative mt-1 block">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder={searchPlaceholder}
            className={`${FILTER_FIELD} mt-0 pl-9`}
          />
        </span>
      </label>
      {children}
      <Button type="submit" shape="rounded">
        {submitLabel}
      </Button>
      <AutoSubmit formId={id} path={path} defaults={defaults} />
    </form>
  );
}
