'use client';

import { NavLink } from '@/components/layout/nav-link';

/** One entry as the layout prepared it: translated label, optional count and its spoken form. */
export interface AdminNavEntry {
  href: string;
  label: string;
  count?: number;
  /** e.g. "3 unread": read by screen readers instead of the bare number. */
  countLabel?: string;
}

/**
 * The back office's side navigation: a labelled <nav> list whose current page carries aria-current="page"
 * (NavLink). Entries come from components/back-office/nav-items.ts via the admin layout.
 */
export function AdminNav({ label, entries }: { label: string; entries: AdminNavEntry[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {entries.map((entry) => (
          <li key={entry.href}>
            <NavLink
              href={entry.href}
              prefetch={false}
              className="flex items-center justify-between gap-3 rounded-md px-3 py-2 font-medium text-fg hover:bg-surface-strong data-[active]:bg-brand data-[active]:text-brand-fg"
            >
              <span>{entry.label}</span>
              {entry.count ? (
                <span className="rounded-full bg-accent px-2 text-sm font-bold text-accent-fg">
                  <span aria-hidden>{entry.count}</span>
                  <span className="sr-only">{entry.countLabel}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
