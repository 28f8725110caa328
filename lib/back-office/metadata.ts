import 'server-only';

import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

/** A full message key of messages/en.json (e.g. 'AdminLists.network.title'), as the root translator takes it. */
type MessageKey = Parameters<Awaited<ReturnType<typeof getTranslations<never>>>>[0];

/**
 * Metadata of a back-office page: `{title} | {site name}` and the description from the given message keys (the
 * title doubles as the description when none is given), canonical `path`, never indexed.
 */
export async function adminMetadata(
  locale: Locale,
  path: string,
  keys: { title: MessageKey; description?: MessageKey },
): Promise<Metadata> {
  const t = await getTranslations({ locale });
  const title = t(keys.title);
  const description = keys.description ? t(keys.description) : title;
  return pageMetadata({ locale, path, title, description, noindex: true });
}
