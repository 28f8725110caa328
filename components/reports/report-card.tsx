import { FileText } from '@/components/icons/icons';

import { CmsImage } from '@/components/cms/cms-image';
import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { Report } from '@/lib/cms';
import { formatDate, isoDate } from '@/lib/utils/format';

type Props = {
  report: Report;
  locale: Locale;
  headingLevel?: 'h2' | 'h3';
  /** Show the organisation and the excerpt (the reports list) or just date and title (home). */
  detailed?: boolean;
  priority?: boolean;
};

/**
 * A report in a list: image (or a document icon), organisation and date, title linking to /reports/{slug}. Reports
 * are English: under /es, /fr, /pt an 'English' tag, and `lang="en"` on the organisation, title and excerpt.
 */
export function ReportCard({ report, locale, headingLevel = 'h2', detailed = false, priority }: Props) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-bg shadow-sm hover:shadow-md">
      <div className="relative aspect-[16/9] bg-surface-strong">
        {report.image ? (
          <CmsImage
            src={report.image.url}
            alt=""
            fill
            priority={priority}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            className="object-cover"
          />
        ) : (
          <FileText aria-hidden className="absolute inset-0 m-auto size-10 text-muted" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          {detailed && report.organization ? (
            <>
              <span lang={contentLang(locale)}>{report.organization}</span>
              <span aria-hidden>·</span>
            </>
          ) : null}
          <time dateTime={isoDate(report.dateGmt)}>{formatDate(report.dateGmt, locale)}</time>
          <ContentLangTag locale={locale} />
        </p>
        <Heading lang={contentLang(locale)} className="mt-1 text-lg font-semibold text-balance">
          <Link
            href={`/reports/${report.slug}`}
            className="group-hover:text-brand after:absolute after:inset-0"
          >
            {report.title}
          </Link>
        </Heading>
        {detailed && report.excerpt ? (
          <p lang={contentLang(locale)} className="mt-2 line-clamp-3 text-muted">
            {report.excerpt}
          </p>
        ) : null}
      </div>
    </article>
  );
}
