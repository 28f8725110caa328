/**
 * The one reader of submitted form fields, for the server action pipeline (lib/safe-action.ts) and the actions
 * that read a field outside their schema (the back office's return path and locale, lib/back-office/actions.ts).
 * Pure; no I/O.
 *
 * One rule for a field sent more than once: it is never read as its first (or last) value. `formRecord` keeps
 * every value as an array, which a schema expecting text refuses as 'invalid'; `formText` answers '' for it, as
 * for a missing field, so it falls back to the caller's default and the schema refuses the submission anyway.
 */

/**
 * A plain object from whatever a server action received: FormData as its entries (a key sent more than once as
 * the array of its values, in order), a plain object as it is; null for anything else (a string, a number, an
 * array, null). Never throws.
 */
export function formRecord(raw: unknown): Record<string, unknown> | null {
  if (typeof FormData !== 'undefined' && raw instanceof FormData) {
    const out: Record<string, unknown> = Object.create(null);
    for (const key of new Set(raw.keys())) {
      const all = raw.getAll(key);
      out[key] = all.length > 1 ? all : all[0];
    }
    return out;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  return raw as Record<string, unknown>;
}

/**
 * One text field of a submission (FormData or plain object): its value when it was sent once as text, else ''
 * (missing, a file, not text, or sent more than once). Never throws.
 */
export function formText(raw: unknown, name: string): string {
  const value = formRecord(raw)?.[name];
  return typeof value === 'string' ? value : '';
}
