import { Search } from '@/components/icons/icons';
import { getLocale, getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import type { Locale } from '@/i18n/routing';

import { StatusPanel } from './status-panel';

/**
 * What went missing. `page` is any unknown path; the others are one content type each (the same names as
 * lib/cms/slug-index.ts's kinds, plus the database-backed courses and certificates).
 */
export type MissingKind =
  | 'page'
  | 'posts'
  | 'events'
  | 'reports'
  | 'team-member'
  | 'vacancies'
  | 'media-archive'
  | 'causes'
  | 'media-categories'
  | 'courses'
  | 'certificates';

type Texts = { namespace: string; title: string; body: string; back?: { href: string; label: string } };

/** Each kind's own title and sentence (the spec's texts, e.g. 'Blog Post Not Found') and its way back. */
const KINDS: Record<MissingKind, Texts> = {
  page: { namespace: 'NotFound', title: 'title', body: 'description' },
  posts: {
    namespace: 'Blog',
    title: 'notFoundTitle',
    body: 'notFoundBody',
    back: { href: '/blog', label: 'browseAll' },
  },
  events: {
    namespace: 'Events',
    title: 'notFoundTitle',
    body: 'notFoundBody',
    back: { href: '/events', label: 'back' },
  },
  reports: {
    namespace: 'Reports',
    title: 'notFoundTitle',
    body: 'notFoundBody',
    back: { href: '/reports', label: 'back' },
  },
  'team-member': {
    namespace: 'Team',
    title: 'notFoundTitle',
    body: 'notFoundBody',
    back: { href: '/our-team', label: 'back' },
  },
  vacancies: {
    namespace: 'Vacancies',
    title: 'notFoundTitle',
    body: 'notFoundBody',
    back: { href: '/vacancies', label: 'back' },
  },
  'media-archive': {
    namespace: 'Media',
    title: 'notFoundTitle',
    body: 'notFoundBody',
    back: { href: '/media', label: 'back' },
  },
  causes: {
    namespace: 'Causes',
    title: 'notFoundTitle',
    body: 'notFoundBody',
    back: { href: '/causes', label: 'back' },
  },
  'media-categories': {
    namespace: 'Media',
    title: 'categoryNotFoundTitle',
    body: 'categoryNotFoundBody',
    back: { href: '/media', label: 'showAll' },
  },
  courses: {
    namespace: 'Courses',
    title: 'notFoundTitle',
    body: 'notFoundBody',
    back: { href: '/courses', label: 'allCourses' },
  },
  certificates: {
    namespace: 'Verify',
    title: 'notFoundTitle',
    body: 'notFoundBody',
    back: { href: '/courses', label: 'browse' },
  },
};

/** The page title of a kind's 404 (for `generateMetadata`), translated in the request's locale. */
export async function notFoundTitle(kind: MissingKind, locale?: Locale): Promise<string> {
  const { namespace, title } = KINDS[kind];
  return (await translator(namespace, locale))(title);
}

/** A translator for a namespace named at run time (the KINDS table), keys checked by tests/unit/messages.test.ts. */
async function translator(namespace: string, locale?: Locale): Promise<(key: string) => string> {
  const ns = namespace as 'NotFound';
  const t = locale ? await getTranslations({ locale, namespace: ns }) : await getTranslations(ns);
  return (key: string) => t(key as 'title');
}

/** Links offered on every 404, whatever went missing; Get help first, for someone who came looking for it. */
const POPULAR = [
  ['/get-help', 'popularGetHelp'],
  ['/blog', 'popularBlog'],
  ['/events', 'popularEvents'],
  ['/our-work', 'popularOurWork'],
  ['/contact', 'popularContact'],
] as const;

/**
 * The one 404 design of the site: used by every not-found.tsx (what `notFound()` shows) and by the
 * app/[locale]/missing-content pages the proxy answers with a 404 status. The eyebrow, the kind's own title and
 * sentence, its way back plus Return Home, a search of the archive and a few popular links.
 */
export async function NotFoundView({ kind }: { kind: MissingKind }) {
  const texts = KINDS[kind];
  const [t, own, locale] = await Promise.all([
    getTranslations('NotFound'),
    translator(texts.namespace),
    getLocale() as Promise<Locale>,
  ]);
  const actions = texts.back
    ? [
        { href: texts.back.href, label: own(texts.back.label) },
        { href: '/', label: t('home') },
      ]
    : [
        { href: '/', label: t('home') },
        { href: '/contact', label: t('contact') },
      ];
  return (
    <StatusPanel eyebrow="404" title={own(texts.title)} body={own(texts.body)} actions={actions}>
      <NotFoundHelp
        archive={localizedPath(locale, '/archive')}
        searchLabel={t('searchLabel')}
        searchButton={t('searchButton')}
        popularHeading={t('popularHeading')}
        popular={POPULAR.map(([href, key]) => ({ href, label: t(key) }))}
      />
    </StatusPanel>
  );
}

function NotFoundHelp({
  archive,
  searchLabel,
  searchButton,
  popularHeading,
  popular,
}: {
  archive: string;
  searchLabel: string;
  searchButton: string;
  popularHeading: string;
  popular: { href: string; label: string }[];
}) {
  return (
    <div className="mt-8 text-left">
      <form
        role="search"
        action={archive}
        method="get"
        className="mx-auto flex max-w-md gap-2"
        data-testid="not-found-search"
      >
        <label htmlFor="not-found-q" className="sr-only">
          {searchLabel}
        </label>
        <input
          id="not-found-q"
          name="q"
          type="search"
          placeholder={searchLabel}
          className="min-w-0 flex-1 rounded-full border border-border bg-bg px-4 py-2"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-1.5 rounded-full border border-border px-4 py-2 font-semibold hover:bg-surface"
        >
          <Search aria-hidden="true" className="size-4" />
          {searchButton}
        </button>
      </form>
      <nav aria-label={popularHeading} className="mt-6 text-center">
        <h2 className="text-sm font-semibold text-muted">{popularHeading}</h2>
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1">
          {popular.map((link) => (
            <li key={link.href}>
              <Link href={link.href} prefetch={false} className="text-brand underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
