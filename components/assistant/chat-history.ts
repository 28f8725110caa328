import type { Source } from '@/lib/assistant/protocol';

import { readStorage } from './storage';

/** One line of the conversation: the visitor's question or the assistant's reply (with the pages it drew on). */
export type ChatMessage = { id: string; role: 'user' | 'assistant'; text: string; sources?: Source[] };

/** Stored history is capped so localStorage stays small. */
export const HISTORY_LIMIT = 50;

/** The saved conversation under `key` (only well-formed messages; [] when missing, unreadable or corrupt). */
export function loadHistory(key: string): ChatMessage[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (m): m is ChatMessage =>
        !!m &&
        typeof m.id === 'string' &&
        (m.role === 'user' || m.role === 'assistant') &&
        typeof m.text === 'string',
    );
  } catch {
    return [];
  }
}

/** The sources a reply does not already link in its text: each page is cited once. */
export function unlinkedSources(m: ChatMessage): Source[] {
  if (!m.sources?.length) return [];
  const linked = new Set([...m.text.matchAll(/\]\(([^)\s]+)\)/g)].map((x) => x[1]));
  const seen = new Set<string>();
  return m.sources.filter((s) => !linked.has(s.url) && !seen.has(s.url) && !!seen.add(s.url));
}

let counter = 0;
/** A message id unique within the page view (time plus a counter). */
export const newMessageId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;
