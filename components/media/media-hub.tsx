import { ArrowRight } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { MediaArchiveItem, MediaKind, Term } from '@/lib/cms';

import { MediaCard } from './media-card';
import { KindIcon } from './media-kind';

const SECTIONS = [
  { kind: 'image', href: '/media/images', title: 'imagesTitle', text: 'imagesText' },
  { kind: 'video', href: '/media/videos', title: 'videosTitle', text: 'videosText' },
  { kind: 'audio', href: '/media/podcasts', title: 'podcastsTitle', text: 'podcastsText' },
] as const satisfies readonly { kind: MediaKind; href: string; title: string; text: string }[];

/**
 * The media hub below its header (docs/SPEC-NOTES.md §2 Media hub): cards for the image, video and podcast pages with their
 * counts, then the media archive filtered by `media_category`. The filter is a list of links to
 * /media/category/{slug}, so every view is a static, cacheable page (no searchParams) that works without JavaScript.
 */
export async function MediaHub({
  locale,
  items,
  categories,
  active,
}: {
  locale: Locale;
  /** Every media archive item (the counts and the filter need all of them). */
  items: MediaArchiveItem[];
  categories: Term[];
  /** The category being shown, or undefined for all. */
  active?: Term;
}) {
  const t = await getTranslations('Media');
  const shown = active ? items.filter((i) => i.categoryIds.includes(active.id)) : items;
  const chip = 'inline-block rounded-full border px-4 py-1.5 text-sm font-semibold';
  const idle = `${chip} border-border hover:bg-surface`;
  const current = `${chip} border-brand bg-brand text-brand-fg`;
  return (
    <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6">
      <section aria-labelledby="media-sections">
        <h2 id="media-sections" className="text-2xl font-semibold">
          {t('sectionsHeading')}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {SECTIONS.map((s) => (
            <li key={s.kind}>
              <Link
                href={s.href}
                className="group flex h-full flex-col rounded-2xl border border-border bg-surface p-6 hover:border-brand"
              >
                <KindIcon kind={s.kind} className="size-8 text-brand" />
                <h3 className="mt-4 flex items-center gap-2 text-xl font-semibold group-hover:underline">
                  {t(s.title)}
                  <ArrowRight aria-hidden className="size-5" />
                </h3>
                <p className="mt-2 text-muted">{t(s.text)}</p>
                <p className="mt-4 text-sm font-semibold">
                  {t('itemCount', { count: items.filter((i) => i.kind === s.kind).length })}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="media-archive">
        <h2 id="media-archive" className="text-2xl font-semibold">
          {t('archiveHeading')}
        </h2>
        {categories.length > 0 ? (
          <nav aria-label={t('filterLabel')} className="mt-4">
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  href="/media"
                  aria-current={active ? undefined : 'page'}
                  className={active ? idle : current}
                >
                  {t('categoryOption', { name: t('allCategories'), count: items.length })}
                </Link>
              </li>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link
                    href={`/media/category/${c.slug}`}
                    aria-current={active?.id === c.id ? 'page' : undefined}
                    className={active?.id === c.id ? current : idle}
                  >
                    {t('categoryOption', {
                      name: c.name,
                      count: items.filter((i) => i.categoryIds.includes(c.id)).length,
                    })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="mt-6 text-muted">
          {active
            ? t('resultsIn', { count: shown.length, name: active.name })
            : t('results', { count: shown.length })}
        </p>
        {shown.length > 0 ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((item) => (
              <li key={item.id}>
                <MediaCard item={item} locale={locale} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-2xl border border-dashed border-border p-10 text-center">
            <p className="text-muted">{active ? t('emptyCategory') : t('empty')}</p>
            {active ? (
              <Link href="/media" className="mt-4 inline-block font-semibold text-brand hover:underline">
                {t('showAll')}
              </Link>
            ) : null}
          </div>
        )}
      </section>
    </div>
  );
}
