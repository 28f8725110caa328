import { HeartHandshake } from '@/components/icons/icons';

import { CmsImage } from '@/components/cms/cms-image';
import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { truncateAtWord, type Cause } from '@/lib/cms';

/** docs/SPEC-NOTES.md §9: an initiative's short description is cut at 150 characters (at a word, plus an ellipsis). */
export const CAUSE_DESCRIPTION_MAX = 150;

type Props = {
  cause: Cause;
  /** The page's locale: causes are English, so under /es, /fr, /pt the card is marked (components/cms/content-lang.tsx). */
  locale: Locale;
  headingLevel?: 'h2' | 'h3';
  /** Leave the image out (the 'Other causes' list under a cause). */
  compact?: boolean;
  priority?: boolean;
};

/**
 * A cause in a list: image (or an icon), title linking to /causes/{slug}, and the short description cut at 150;
 * under /es, /fr, /pt an 'English' tag, and `lang="en"` on the title and description.
 */
export function CauseCard({ cause, locale, headingLevel = 'h2', compact = false, priority }: Props) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-bg shadow-sm hover:shadow-md">
      {compact ? null : (
        <div className="relative aspect-[16/9] bg-surface-strong">
          {cause.image ? (
            <CmsImage
              src={cause.image.url}
              alt=""
              fill
              priority={priority}
              sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
              className="object-cover"
            />
          ) : (
            <HeartHandshake aria-hidden className="absolute inset-0 m-auto size-10 text-muted" />
          )}
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <ContentLangTag locale={locale} className="mb-2" />
        <Heading lang={contentLang(locale)} className="text-lg font-semibold text-balance">
          <Link
            href={`/causes/${cause.slug}`}
            className="group-hover:text-brand after:absolute after:inset-0"
          >
            {cause.title}
          </Link>
        </Heading>
        {cause.shortDescription ? (
          <p lang={contentLang(locale)} className="mt-2 text-muted">
            {truncateAtWord(cause.shortDescription, CAUSE_DESCRIPTION_MAX)}
          </p>
        ) : null}
      </div>
    </article>
  );
}
