/**
 * Cookie consent, stored in the browser only: localStorage `gdpr-consent` = `accepted` | `declined` (docs/SPEC-NOTES.md §9).
 * Client-safe (no server imports). Components read it with `useConsent()`; non-essential scripts and embeds must
 * render only when it returns `accepted`.
 */
import { useSyncExternalStore } from 'react';

export const CONSENT_KEY = 'gdpr-consent';
const CHANGE_EVENT = 'gdpr-consent-change';

export type ConsentChoice = 'accepted' | 'declined';
/** `unknown` while rendering on the server or before hydration; `null` when the visitor has not chosen yet. */
export type ConsentState = ConsentChoice | null | 'unknown';

// Where storage is blocked (strict privacy settings), the choice still holds for this page view.
let memoryChoice: ConsentChoice | null = null;

function read(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : memoryChoice;
  } catch {
    return memoryChoice;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_KEY || event.key === null) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Stores the visitor's choice (or forgets it with `null`, which shows the banner again). */
export function setConsent(choice: ConsentChoice | null): void {
  memoryChoice = choice;
  try {
    if (choice === null) window.localStorage.removeItem(CONSENT_KEY);
    else window.localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Kept in memory only (see memoryChoice); the banner will ask again on the next visit.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The current consent state, re-rendering on change in this tab or another. */
export function useConsent(): ConsentState {
  return useSyncExternalStore<ConsentState>(subscribe, read, () => 'unknown');
}
