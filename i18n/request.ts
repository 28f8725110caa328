import { getRequestConfig } from 'next-intl/server';
import * as rootParams from 'next/root-params';

import { loadMessages } from './messages';
import { toLocale } from './routing';

/** The `[locale]` root param, or undefined where Next offers none (route handlers, server actions). */
async function rootLocale(): Promise<string | undefined> {
  try {
    return await rootParams.locale();
  } catch {
    return undefined;
  }
}

export default getRequestConfig(async ({ locale: explicit }) => {
  // Route handlers and server actions pass the locale explicitly; pages and layouts read the root param.
  const candidate = explicit ?? (await rootLocale());
  const locale = toLocale(candidate);
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: 'Europe/London',
  };
});
