'use client';

import type { Messages as AppMessages } from 'next-intl';

import { useClientMessageTable } from './client';

type Values = Record<string, string | number>;

/**
 * Client components' translator: reads the namespace's strings from the messages the layout passes to
 * ClientIntlProvider (CLIENT_NAMESPACES) and fills `{name}` placeholders. Deliberately not next-intl's
 * `useTranslations`, whose provider ships the ICU message-format runtime to every page; the client strings use no
 * plurals, selects or rich text (tests/unit/messages.test.ts keeps it that way). A missing key falls back to the
 * key itself, like next-intl.
 */
export function useClientMessages<N extends keyof AppMessages>(namespace: N) {
  const table = (useClientMessageTable()[namespace as string] ?? {}) as Record<string, string>;
  return (key: keyof AppMessages[N] & string, values?: Values): string => {
    const text = table[key] ?? key;
    return values
      ? text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match))
      : text;
  };
}
