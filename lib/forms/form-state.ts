/**
 * What a public form's server action answers when the form was posted without JavaScript (or before the page
 * hydrated): React's `useActionState` gives it to the form, which the server renders again with it. Client-safe
 * (no I/O, no zod); the server half that builds it is lib/forms/progressive.ts.
 *
 * Nothing in it is shown as raw text: `fieldErrors` and `formError` are message keys (the form's own namespace,
 * and `Forms`), `values` go back into the fields as their values.
 */
export type FormState = {
  /** 'idle' before any answer; 'refused' after a submission that stored nothing. */
  status: 'idle' | 'refused';
  /** What was typed, to put back into the fields: text as a string, a checkbox group as its ticked values. */
  values: Record<string, string | string[]>;
  /** Field name → message key of the form's namespace (first problem per field). */
  fieldErrors: Record<string, string>;
  /** A `Forms` message key for the whole form ('sendAgain', 'rateLimited', 'server', …), or null. */
  formError: string | null;
  /**
   * The fill-time token the next submission carries (a hidden field): issued in the answer to a POST, so it is
   * never part of a cached page. Null before any answer (the JavaScript path fetches its own).
   */
  token: string | null;
};

/** The state before any submission (the initial state of `useActionState`). */
export const EMPTY_FORM_STATE: FormState = {
  status: 'idle',
  values: {},
  fieldErrors: {},
  formError: null,
  token: null,
};

/** A text field's value from the state ('' when absent or a list). */
export function stateText(state: FormState, name: string): string {
  const value = state.values[name];
  return typeof value === 'string' ? value : '';
}

/** A checkbox group's ticked values from the state ([] when absent). */
export function stateList(state: FormState, name: string): string[] {
  const value = state.values[name];
  return Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
}
