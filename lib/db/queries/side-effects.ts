/**
 * Shared shapes for recording the outcome of a best-effort side effect (forwarding, provider sync, outbox).
 */

/** What a sender reports: done, or failed with a message safe to store (no secrets, no personal data). */
export type SideEffectOutcome = { ok: true } | { ok: false; error: string };

/** Longest error text kept on a row: enough for a status line and a code, never a whole response body. */
export const MAX_ERROR_LENGTH = 1000;

export function errorText(error: string): string {
  return error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error;
}

/** Trimmed and lower-cased: the one form in which the database stores and compares email addresses. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
