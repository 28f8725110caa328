import type { ReactNode } from 'react';

import { Search } from '@/components/icons/icons';

import { Button } from './button';
import { ButtonLink } from './button-link';
import { cx } from './cx';

/** The class of a filter form's selects (and, with its padding, of its search input). */
export const FILTER_FIELD = 'mt-1 block w-full rounded-lg border border-border bg-bg px-3 py-2 text-base';

/** One choice of a filter select: the value sent in the query and the label shown. */
export type FilterOption = { value: string; label: string };

/** A labelled select of a filter form. `any` adds a first, empty choice ('Any'): the filter is off. */
export type FilterSelectProps = {
  name: string;
  label: string;
  value?: string;
  options: readonly FilterOption[];
  any?: string;
};

/** A labelled <select> in the filter look; the label wraps it, so a click on the words focuses the control. */
export function FilterSelect({ name, label, value, options, any }: FilterSelectProps) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ''} className={FILTER_FIELD}>
        {any !== undefined ? <option value="">{any}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export type FilterFormProps = {
  /** The form's id (AutoSubmit and the back office's bulk forms find it by it). */
  id: string;
  /** Where the form goes: the list's own address (with the locale prefix for a public page). */
  action?: string;
  /** The accessible name of the search landmark (`role="search"`), when the page has more than one. */
  label?: string;
  /** The text search box, sent as `name` (default `q`). */
  search?: {
    name?: string;
    label: string;
    placeholder?: string;
    value?: string;
    maxLength?: number;
    /** Spans both columns of the two-column (small tablet) panel layout. */
    wide?: boolean;
  };
  /** Selects, in order, before `children` (which may hold other fields, or the public pages' AutoSubmit). */
  selects?: readonly FilterSelectProps[];
  children?: ReactNode;
  /**
   * Other query parameters the list is showing with (a tab, a sort), sent again as hidden fields so filtering keeps
   * them; empty values are left out. `page` never belongs here: a new filter starts at page 1.
   */
  keep?: Record<string, string | undefined>;
  /** The submit button's words ('Apply filters', 'Search'). */
  submitLabel: string;
  /** A 'Clear filters' link to the unfiltered list, shown when given (the caller knows whether any filter is on). */
  clear?: { href: string; label: string };
  /** `panel` (public lists: a bordered grid, `gridClass` its wide columns) or `toolbar` (back office: one wrapping row). */
  layout?: 'panel' | 'toolbar';
  gridClass?: string;
};

/**
 * A list's filters as a plain GET form with `role="search"`: a search box, labelled selects, the list's own fields,
 * an Apply button and an optional Clear link. It works without JavaScript (every result is a URL: bookmarkable,
 * shareable, the back button works), it is all native controls (Tab moves through them, Enter applies), and
 * submitting drops `page`, so a new search starts at page 1, while `keep` carries other parameters along. The public
 * lists (archive, blog) put their AutoSubmit in `children` (components/search/auto-submit.tsx); the back-office
 * lists use the `toolbar` layout. Server or client component (no state).
 */
export function FilterForm({
  id,
  action,
  label,
  search,
  selects = [],
  children,
  keep = {},
  submitLabel,
  clear,
  layout = 'panel',
  gridClass,
}: FilterFormProps) {
  const toolbar = layout === 'toolbar';
  const fieldNames = new Set([search?.name ?? 'q', ...selects.map((s) => s.name), 'page']);
  const hidden = Object.entries(keep).filter(
    (entry): entry is [string, string] => Boolean(entry[1]) && !fieldNames.has(entry[0]),
  );
  return (
    <form
      id={id}
      role="search"
      aria-label={label}
      action={action}
      method="get"
      className={
        toolbar
          ? 'flex flex-wrap items-end gap-4 rounded-xl border border-border p-4 [&>*]:min-w-40 [&>*]:flex-1 [&>.filter-actions]:flex-none'
          : cx(
              'grid gap-4 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-2 lg:items-end',
              gridClass,
            )
      }
    >
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {search ? (
        <label
          className={cx(
            'block text-sm font-medium',
            search.wide && !toolbar && 'sm:col-span-2 lg:col-span-1',
          )}
        >
          {search.label}
          <span className="relative mt-1 block">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            />
            <input
              type="search"
              name={search.name ?? 'q'}
              defaultValue={search.value ?? ''}
              maxLength={search.maxLength ?? 100}
              placeholder={search.placeholder}
              className={`${FILTER_FIELD} mt-0 pl-9`}
            />
          </span>
        </label>
      ) : null}
      {selects.map((s) => (
        <FilterSelect key={s.name} {...s} />
      ))}
      {children}
      <div className={clear ? 'filter-actions flex flex-wrap items-center gap-3' : 'filter-actions contents'}>
        <Button type="submit" shape="rounded" size={toolbar ? 'sm' : 'md'}>
          {submitLabel}
        </Button>
        {clear ? (
          <ButtonLink href={clear.href} variant="outline" shape="rounded" size={toolbar ? 'sm' : 'md'}>
            {clear.label}
          </ButtonLink>
        ) : null}
      </div>
    </form>
  );
}
