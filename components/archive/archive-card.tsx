import { FileText, Film, Newspaper } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { CmsImage } from '@/components/cms/cms-image';
import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { ArchiveEntry } from '@/lib/cms';
import { formatDate } from '@/lib/utils/format';

const ICONS = { post: Newspaper, media_archive: Film, reports: FileText } as const;
const TYPE_LABEL = {
  post: 'typeBadgePost',
  media_archive: 'typeBadgeMedia',
  reports: 'typeBadgeReport',
} as const;

type Props = { entry: ArchiveEntry; locale: Locale; priority?: boolean };

/**
 * One archive result: image (or an icon for its type), a type badge, the date and the title linking to the item's
 * own page (/blog, /media-archive or /reports), with the excerpt. The entries are English: under /es, /fr, /pt the
 * title and excerpt carry `lang="en"` and the card an 'English' tag (components/cms/content-lang.tsx).
 */
export async function ArchiveCard({ entry, locale, priority }: Props) {
  const t = await getTranslations('Archive');
  const Icon = ICONS[entry.type];
  return (
    <article
      data-type={entry.type}
      className="group relative flex h-full w-full flex-col overflow-hidden rounded-2xl border border-border bg-bg shadow-sm transition hover:shadow-md"
    >
      <div className="relative aspect-[16/9] bg-surface-strong">
        {entry.image ? (
          <CmsImage
            src={entry.image.url}
            alt=""
            fill
            priority={priority}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            className="object-cover"
          />
        ) : (
          <Icon aria-hidden className="absolute inset-0 m-auto size-10 text-muted" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <span className="rounded-full border border-border bg-surface px-2 py-0.5 text-xs font-semibold text-fg">
            {t(TYPE_LABEL[entry.type])}
          </span>
          {entry.date ? <time dateTime={entry.date}>{formatDate(entry.date, locale)}</time> : null}
          <ContentLangTag locale={locale} />
        </div>
        <h2
          lang={entry.title ? contentLang(locale) : undefined}
          className="mt-2 text-xl font-semibold text-balance"
        >
          <Link href={entry.url} className="group-hover:text-brand after:absolute after:inset-0">
            {entry.title || t('untitled')}
          </Link>
        </h2>
        {entry.excerpt ? (
          <p lang={contentLang(locale)} className="mt-2 line-clamp-3 text-muted">
            {entry.excerpt}
          </p>
        ) : null}
      </div>
    </article>
  );
}
