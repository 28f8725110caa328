/**
 * The widget's localStorage keys (docs/SPEC-NOTES.md §9: chat history, chat thread id, chat opened; each prefixed with the site's
 * short name, lower-cased like the theme key) and safe accessors: storage can be disabled or full, which must
 * never break the chat.
 */
export type ChatKeys = { history: string; thread: string; opened: string };

export function chatKeys(shortName: string): ChatKeys {
  const prefix = shortName.toLowerCase();
  return {
    history: `${prefix}-chat-history`,
    thread: `${prefix}-chat-thread-id`,
    opened: `${prefix}-chat-opened`,
  };
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the chat still works for this page view.
  }
}
