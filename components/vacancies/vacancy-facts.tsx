import { getTranslations } from 'next-intl/server';

import { contentLang } from '@/components/cms/content-lang';
import type { Locale } from '@/i18n/routing';
import type { Vacancy } from '@/lib/cms';
import { formatClosingDate } from '@/lib/cms/vacancies';

const TONES = {
  /** On the coloured page header (white text). */
  header: { list: 'text-white/90', term: 'text-sm text-white/80', value: 'font-semibold' },
  /** Inside a card on the page background. */
  card: { list: 'text-sm', term: 'text-muted', value: 'font-medium text-fg' },
} as const;

/** The "Closed" badge of a vacancy whose closing day has passed. */
export async function ClosedBadge() {
  const t = await getTranslations('Vacancies');
  return (
    <span className="inline-flex items-center rounded-full border border-border bg-surface-strong px-3 py-0.5 text-sm font-semibold text-fg">
      {t('closed')}
    </span>
  );
}

/**
 * A vacancy's key facts as a description list: closing date (in the visitor's locale; 'Open until filled' when
 * none), hours, salary, location and contract type. Fields the editor left empty are left out. The editor's values
 * are English text: under /es, /fr, /pt they carry `lang="en"` (the closing date is formatted in the page's locale).
 */
export async function VacancyFacts({
  vacancy,
  locale,
  tone,
}: {
  vacancy: Vacancy;
  locale: Locale;
  tone: keyof typeof TONES;
}) {
  const t = await getTranslations('Vacancies');
  const style = TONES[tone];
  const closing = vacancy.closingDate ? formatClosingDate(vacancy.closingDate, locale) : '';
  const facts = [
    {
      key: 'closingDate',
      label: t('closingDate'),
      lang: undefined,
      value: closing ? (
        <time dateTime={vacancy.closingDate ?? undefined}>{closing}</time>
      ) : (
        t('noClosingDate')
      ),
    },
    { key: 'hours', label: t('hours'), lang: contentLang(locale), value: vacancy.hours },
    { key: 'salary', label: t('salary'), lang: contentLang(locale), value: vacancy.salary },
    { key: 'location', label: t('location'), lang: contentLang(locale), value: vacancy.location },
    { key: 'contractType', label: t('contractType'), lang: contentLang(locale), value: vacancy.contractType },
  ].filter((fact) => fact.value);
  return (
    <dl className={`grid gap-x-8 gap-y-3 sm:grid-cols-2 ${style.list}`}>
      {facts.map((fact) => (
        <div key={fact.key}>
          <dt className={style.term}>{fact.label}</dt>
          <dd lang={fact.lang} className={style.value}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
