/**
 * The back-office tables' class names (one look across the admin pages). Buttons and form controls come from
 * components/ui (Button, Input, Select, Textarea with `compact`).
 */
export const adminTable =
  'w-full border-collapse text-left text-sm [&_td]:border-t [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold';
