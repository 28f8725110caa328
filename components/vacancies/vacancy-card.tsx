import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { Vacancy } from '@/lib/cms';

import { ClosedBadge, VacancyFacts } from './vacancy-facts';

/**
 * A vacancy in the list: title linking to /vacancies/{slug}, a Closed badge when closed, and its key facts. Vacancies
 * are English: under /es, /fr, /pt an 'English' tag, and `lang="en"` on the title, excerpt and the facts' text.
 */
export function VacancyCard({ vacancy, locale, open }: { vacancy: Vacancy; locale: Locale; open: boolean }) {
  return (
    <article className="group relative flex h-full flex-col gap-4 rounded-2xl border border-border bg-bg p-6 shadow-sm hover:shadow-md">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 lang={contentLang(locale)} className="text-xl font-semibold text-balance">
          <Link
            href={`/vacancies/${vacancy.slug}`}
            className="group-hover:text-brand after:absolute after:inset-0"
          >
            {vacancy.title}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <ContentLangTag locale={locale} />
          {open ? null : <ClosedBadge />}
        </div>
      </div>
      {vacancy.excerpt ? (
        <p lang={contentLang(locale)} className="line-clamp-3 text-muted">
          {vacancy.excerpt}
        </p>
      ) : null}
      <VacancyFacts vacancy={vacancy} locale={locale} tone="card" />
    </article>
  );
}
