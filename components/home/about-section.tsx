import { getLocale, getTranslations } from 'next-intl/server';

import { CmsHtml } from '@/components/cms/cms-html';
import { contentLang } from '@/components/cms/content-lang';
import { HomeVideo, isShowableVideo } from '@/components/home/home-video';
import { Link } from '@/i18n/navigation';
import type { Page } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';

/**
 * "About us": the CMS home page's body with a link to /about, and its video beside it when it has a showable one.
 * Nothing without a home page body. The body is the English CMS page: under /es, /fr, /pt it carries `lang="en"`
 * (WCAG 3.1.2, components/cms/content-lang.tsx).
 */
export async function AboutSection({ home }: { home: Page | null }) {
  const [t, locale] = await Promise.all([getTranslations('HomePage'), getLocale()]);
  if (!home?.html) return null;
  const video = isShowableVideo(home.fields.aboutVideo) ? home.fields.aboutVideo : null;
  return (
    <section aria-labelledby="about-title" className="bg-surface">
      {/* Two columns only when there is a video to fill the second (no empty half on desktop). */}
      <div
        data-testid="home-about"
        className={`mx-auto grid gap-10 px-4 py-16 sm:px-6 ${
          video ? 'max-w-7xl lg:grid-cols-2 lg:items-center' : 'max-w-3xl'
        }`}
      >
        <div>
          <h2 id="about-title" className="text-3xl font-bold">
            {t('aboutHeading')}
          </h2>
          <div lang={contentLang(locale)}>
            <CmsHtml html={home.html} size="base" className="mt-4" />
          </div>
          <Link
            href="/about"
            className="mt-6 inline-flex items-center gap-1 font-semibold text-brand hover:underline"
          >
            {t('aboutMore')}
          </Link>
        </div>
        {video ? <HomeVideo url={video} title={t('aboutVideoTitle', { name: siteConfig().name })} /> : null}
      </div>
    </section>
  );
}
