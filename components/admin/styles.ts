/** Class names shared by the back-office forms and tables (one look across the admin pages). */
export const adminInput =
  'rounded-md border border-border bg-bg px-3 py-2 text-fg focus-visible:outline-2 focus-visible:outline-focus';
export const adminButton =
  'rounded-md bg-brand px-4 py-2 font-semibold text-brand-fg hover:bg-brand-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';
export const adminSecondaryButton =
  'rounded-md border border-border px-4 py-2 font-semibold text-fg hover:bg-surface-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';
export const adminTable =
  'w-full border-collapse text-left text-sm [&_td]:border-t [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold';
