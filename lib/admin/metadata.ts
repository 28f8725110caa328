import 'server-only';

import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

/**
 * Metadata of a back-office page: `{title} | {site name}` from messages `admin.<titleKey>`, never indexed.
 * `titleKey` is a key under the `admin` namespace, e.g. 'staff.title'.
 */
export async function adminMetadata(locale: Locale, path: string, titleKey: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'admin' });
  const title = t(titleKey as never);
  return pageMetadata({ locale, path, title, description: title, noindex: true });
}
