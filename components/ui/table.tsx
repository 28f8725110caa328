import type { ComponentProps, ReactNode } from 'react';

import { cx } from './cx';

/**
 * Tables of records (the back office's lists, a course's students). They never widen the page (back-office review
 * D10): `ScrollTable` scrolls sideways inside its own box (focusable and named, so keyboard users can scroll it
 * too), cells wrap long unbroken words (`overflow-wrap: anywhere`, which also lets the table's layout shrink a
 * column below the longest word) and a table is at most as wide as its container unless it is `wide`.
 * Server-safe: no state, no hooks.
 */

/** A header cell: `scope="col"` by default (a row header passes scope="row"). */
export function Th({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cx(
        'border-b border-border px-3 py-2 text-left align-top font-semibold [overflow-wrap:anywhere]',
        className,
      )}
      {...props}
    />
  );
}

/** A data cell: top-aligned, long words wrapped. */
export function Td({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      className={cx('border-b border-border px-3 py-2 align-top [overflow-wrap:anywhere]', className)}
      {...props}
    />
  );
}

export type TableProps = ComponentProps<'table'> & {
  /** The table's caption (read by screen readers; shown only when `showCaption`). */
  caption?: ReactNode;
  showCaption?: boolean;
  /** The header row's cells, in order (`<th scope="col">`); `children` is then the body's rows. */
  columns?: ReactNode[];
  /** Many columns: keep at least 48rem so the cells stay readable (the ScrollTable around it scrolls). */
  wide?: boolean;
};

/** A plain table in the site's look (full width, small text, ruled rows). */
export function Table({ caption, showCaption, columns, wide, className, children, ...props }: TableProps) {
  return (
    <table
      className={cx('w-full border-collapse text-left text-sm', wide && 'min-w-[48rem]', className)}
      {...props}
    >
      {caption ? (
        <caption className={showCaption ? 'mb-2 text-left font-semibold' : 'sr-only'}>{caption}</caption>
      ) : null}
      {columns ? (
        <thead>
          <tr>
            {columns.map((column, i) => (
              <Th key={i}>{column}</Th>
            ))}
          </tr>
        </thead>
      ) : null}
      {columns ? <tbody>{children}</tbody> : children}
    </table>
  );
}

export type ScrollTableProps = TableProps & {
  /** The scroll box's accessible name (default: the caption when it is text). */
  label?: string;
};

/**
 * A table in a box that scrolls sideways by itself when the table is wider than the screen: the page never does.
 * The box is a focusable region named `label`. It is `relative` so that visually hidden text in the cells (the
 * `sr-only` names of row buttons, absolutely positioned) stays inside the box instead of widening the page.
 */
export function ScrollTable({ label, caption, ...props }: ScrollTableProps) {
  return (
    <div
      className="relative max-w-full min-w-0 overflow-x-auto rounded-xl border border-border"
      role="region"
      aria-label={label ?? (typeof caption === 'string' ? caption : undefined)}
      tabIndex={0}
    >
      <Table caption={caption} {...props} />
    </div>
  );
}
