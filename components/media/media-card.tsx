import { getTranslations } from 'next-intl/server';

import { CmsImage } from '@/components/cms/cms-image';
import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { MediaArchiveItem } from '@/lib/cms';
import { formatDate, isoDate } from '@/lib/utils/format';

import { KIND_LABEL, KindIcon } from './media-kind';

/**
 * A media archive item in a list: image (or the kind's icon), kind and date, title linking to its page. Items are
 * English: under /es, /fr, /pt an 'English' tag, and `lang="en"` on the title and excerpt.
 */
export async function MediaCard({
  item,
  locale,
  priority,
}: {
  item: MediaArchiveItem;
  locale: Locale;
  priority?: boolean;
}) {
  const t = await getTranslations('Media');
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-bg shadow-sm hover:shadow-md">
      <div className="relative aspect-[16/9] bg-surface-strong">
        {item.image ? (
          <CmsImage
            src={item.image.url}
            alt=""
            fill
            priority={priority}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            className="object-cover"
          />
        ) : (
          <KindIcon kind={item.kind} className="absolute inset-0 m-auto size-10 text-muted" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex items-center gap-2 text-sm text-muted">
          <KindIcon kind={item.kind} className="size-4" />
          <span>{t(KIND_LABEL[item.kind])}</span>
          <span aria-hidden>·</span>
          <time dateTime={isoDate(item.dateGmt)}>{formatDate(item.dateGmt, locale)}</time>
          <ContentLangTag locale={locale} />
        </p>
        <h3 lang={contentLang(locale)} className="mt-1 text-lg font-semibold text-balance">
          <Link
            href={`/media-archive/${item.slug}`}
            className="group-hover:text-brand after:absolute after:inset-0"
          >
            {item.title}
          </Link>
        </h3>
        {item.excerpt ? (
          <p lang={contentLang(locale)} className="mt-2 line-clamp-3 text-muted">
            {item.excerpt}
          </p>
        ) : null}
      </div>
    </article>
  );
}
