import type { ReactNode } from 'react';

import { buttonClass as uiButtonClass } from '@/components/ui/button';
import { formatDateTime } from '@/lib/utils/format';

/** Classes of the back-office lists (colour tokens of app/globals.css, light and dark). */
export const tableClass = 'w-full min-w-[48rem] border-collapse text-left text-sm';
export const thClass = 'border-b border-border px-3 py-2 font-semibold whitespace-nowrap';
export const tdClass = 'border-b border-border px-3 py-2 align-top';
export const buttonClass =
  'rounded-full border border-border px-3 py-1 text-sm font-semibold hover:bg-surface focus-visible:outline-2';
export const dangerButtonClass =
  'rounded-full border border-danger px-3 py-1 text-sm font-semibold text-danger hover:bg-surface';
export const inputClass = 'mt-1 block rounded-lg border border-border bg-bg px-3 py-2 text-base text-fg';
/** The look of a primary link in a back-office header (components/ui/button.tsx). */
export const linkButtonClass = uiButtonClass('primary', 'sm');

/** The status region a page announces its form's outcome in (always present, so screen readers hear changes). */
export function NoticeRegion({ notice }: { notice: { ok: boolean; text: string } | null }) {
  return (
    <div role="status" className="min-h-6">
      {notice ? (
        <p
          className={`rounded-lg border p-3 font-medium ${notice.ok ? 'border-success text-success' : 'border-danger text-danger'}`}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A wide table that scrolls sideways on small screens: the scroll box is focusable and named by the caption,
 * so keyboard users can scroll it too. `columns`, when given, are the header row's cells (`<th scope="col">`,
 * in order); `children` is then the body.
 */
export function ScrollTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption: ReactNode;
  columns?: ReactNode[];
  children: ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-border"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        {columns ? (
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col" className={thClass}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        {children}
      </table>
    </div>
  );
}

/** A date and time in the site's one format (lib/utils/format.ts), in UK time (the charity's), or the `none` text. */
export function formatWhen(value: Date | string | null | undefined, locale: string, none = '—'): string {
  if (!value) return none;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return none;
  return formatDateTime(date, locale);
}
