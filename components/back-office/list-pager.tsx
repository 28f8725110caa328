import { ButtonLink } from '@/components/ui/button-link';

/**
 * The pages of a back-office list (network, newsletter): 'Previous page', 'Page 2 of 5', 'Next page' as links that
 * keep the list's filters (`href(page)`), in a labelled navigation landmark; nothing when everything fits on one
 * page. Server or client component (no state). `labels` are the translated words.
 */
export function ListPager({
  page,
  pages,
  href,
  labels,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  labels: { nav: string; previous: string; next: string; pageOf: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <ButtonLink href={href(page - 1)} variant="outline" size="sm" shape="rounded" rel="prev">
          {labels.previous}
        </ButtonLink>
      ) : null}
      <span aria-current="page">{labels.pageOf}</span>
      {page < pages ? (
        <ButtonLink href={href(page + 1)} variant="outline" size="sm" shape="rounded" rel="next">
          {labels.next}
        </ButtonLink>
      ) : null}
    </nav>
  );
}
