import { ChevronLeft, ChevronRight } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';
import { paginationItems } from '@/lib/utils/pagination';

type Props = {
  page: number;
  totalPages: number;
  /** Builds the href of a page, keeping the other query parameters. */
  hrefFor: (page: number) => string;
};

/** Previous / numbered / next links (first, last, neighbours, ellipses). Plain links: works without JavaScript. */
export async function Pagination({ page, totalPages, hrefFor }: Props) {
  if (totalPages <= 1) return null;
  const t = await getTranslations('Pagination');
  const base =
    'inline-flex min-w-10 items-center justify-center gap-1 rounded-lg border border-border px-3 py-2 text-sm font-medium';
  return (
    <nav aria-label={t('label')} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev" className={`${base} hover:bg-surface`}>
          <ChevronLeft aria-hidden className="size-4" />
          {t('previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={`${base} text-muted opacity-60`}>
          <ChevronLeft aria-hidden className="size-4" />
          {t('previous')}
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-2">
        {paginationItems(page, totalPages).map((item, i) =>
          item === 'ellipsis' ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                href={hrefFor(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('page', { page: item })}
                className={`${base} ${item === page ? 'border-brand bg-brand text-brand-fg' : 'hover:bg-surface'}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link href={hrefFor(page + 1)} rel="next" className={`${base} hover:bg-surface`}>
          {t('next')}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span aria-disabled="true" className={`${base} text-muted opacity-60`}>
          {t('next')}
          <ChevronRight aria-hidden className="size-4" />
        </span>
      )}
    </nav>
  );
}
