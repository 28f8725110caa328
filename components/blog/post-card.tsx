import { getTranslations } from 'next-intl/server';

import { CmsImage } from '@/components/cms/cms-image';
import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { PostSummary } from '@/lib/cms';
import { formatDate, isoDate } from '@/lib/utils/format';

import { StatusBadge } from './status-badge';

export const DEFAULT_POST_IMAGE = '/images/default-post.jpg';

type Props = {
  post: PostSummary;
  locale: Locale;
  /** Author shown when WordPress names none (spec: the site's short name on cards). */
  defaultAuthor: string;
  headingLevel?: 'h2' | 'h3';
  priority?: boolean;
};

/**
 * A post in a list (docs/SPEC-NOTES.md §2 Blog list card): image or the default, title, date, author, excerpt, status badge.
 * Lists are English (lib/cms/translations.ts): under /es, /fr, /pt the title and excerpt carry `lang="en"` and the
 * card an 'English' tag (components/cms/content-lang.tsx).
 */
export async function PostCard({ post, locale, defaultAuthor, headingLevel = 'h2', priority }: Props) {
  const t = await getTranslations('Blog');
  const Heading = headingLevel;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-bg shadow-sm transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand has-[a:focus-visible]:ring-offset-2 has-[a:focus-visible]:ring-offset-bg">
      <div className="relative aspect-[16/9] bg-surface-strong">
        <CmsImage
          src={post.image?.url ?? DEFAULT_POST_IMAGE}
          fallbackSrc={DEFAULT_POST_IMAGE}
          alt=""
          fill
          priority={priority}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          className="object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <time dateTime={isoDate(post.dateGmt)}>{formatDate(post.dateGmt, locale)}</time>
          <span aria-hidden>·</span>
          <span>{post.author?.name || defaultAuthor}</span>
          <StatusBadge status={post.status} />
          <ContentLangTag locale={locale} />
        </div>
        <Heading
          lang={post.title ? contentLang(locale) : undefined}
          className="mt-2 text-xl font-semibold text-balance"
        >
          <Link
            href={`/blog/${post.slug}`}
            // The whole card is the link target, so the card shows the focus ring (above) instead of the title.
            className="group-hover:text-brand after:absolute after:inset-0 focus-visible:outline-none"
          >
            {post.title || t('untitled')}
          </Link>
        </Heading>
        {post.excerpt ? (
          <p lang={contentLang(locale)} className="mt-2 line-clamp-3 text-muted">
            {post.excerpt}
          </p>
        ) : null}
      </div>
    </article>
  );
}
