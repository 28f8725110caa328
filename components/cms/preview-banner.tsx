import { getLocale, getTranslations } from 'next-intl/server';

import { localizedPath } from '@/i18n/paths';
import type { Locale } from '@/i18n/routing';
import { activePreview, isDraftMode } from '@/lib/cms/preview';

/**
 * The bar shown at the top of every page while a WordPress preview (draft mode) is on: says so, and links to
 * `/api/preview/exit`, which ends it and returns to the public page. Also asks search engines not to index the
 * page. Renders nothing outside draft mode, so public (static) pages are unchanged; in draft mode Next renders
 * every page on request, so reading the preview cookie here costs nothing.
 */
export async function PreviewBanner() {
  if (!(await isDraftMode())) return null;
  const [t, locale, target] = await Promise.all([getTranslations('Preview'), getLocale(), activePreview()]);
  const back = localizedPath(locale as Locale, target?.path ?? '/');
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <div
        role="region"
        aria-label={t('label')}
        className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-300 px-4 py-2 text-sm font-medium text-black"
      >
        <p>{t('notice')}</p>
        {/* A plain link, not next/link: a prefetch of the exit route would end the preview. */}
        <a className="underline underline-offset-2" href={`/api/preview/exit?to=${encodeURIComponent(back)}`}>
          {t('exit')}
        </a>
      </div>
    </>
  );
}
