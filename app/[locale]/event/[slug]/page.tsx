import { AlertTriangle } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { EventDetail } from '@/components/events/event-detail';
import { ContentNote } from '@/components/help/content-note';
import { ExitControl } from '@/components/help/exit-control';
import { JsonLd } from '@/components/seo/json-ld';
import { permanentRedirect } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import { localeParam, slugParam } from '@/i18n/params';
import type { Locale } from '@/i18n/routing';
import { getEvents, getLocalizedEvent, needsContentNote, type CmsEvent, type Localized } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import {
  currentOrNextSession,
  eventErrorDetails,
  eventPhase,
  eventView,
  fallbackEventView,
  orderedEvents,
} from '@/lib/events/model';
import { londonIso } from '@/lib/events/parse';
import { isDropIn } from '@/lib/help/drop-in';
import { eventJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

/** docs/SPEC-NOTES.md §2: `/event/{numeric id}` is an old link form; it goes to the events list. */
const NUMERIC_ID = /^\d+$/;

/** Pre-render the 20 events nearest the top of the list (upcoming first); others render on first request. */
export async function generateStaticParams() {
  return orderedEvents(await getEvents(), new Date(), 20).map((v) => ({ slug: v.slug }));
}

type Loaded =
  | { event: CmsEvent | null; found: Localized<CmsEvent> | null; error: null }
  | { event: null; found: null; error: unknown };

/**
 * getLocalizedEvent (the translation in `locale`, else English), with a failure of every content source caught
 * for the fallback page (docs/SPEC-NOTES.md §2, §8).
 */
async function load(slug: string, locale: Locale): Promise<Loaded> {
  try {
    const found = await getLocalizedEvent(slug, locale);
    return { event: found?.item ?? null, found, error: null };
  } catch (error) {
    return { event: null, found: null, error };
  }
}

export async function generateMetadata({ params }: PageProps<'/[locale]/event/[slug]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const slug = await slugParam(params);
  const t = await getTranslations({ locale, namespace: 'Events' });
  if (NUMERIC_ID.test(slug)) return { title: t('title') };
  const { event, found, error } = await load(slug, locale);
  if (error) return { title: t('fallbackTitle'), robots: { index: false, follow: true } };
  if (!event) return { title: t('notFoundTitle') };
  const view = eventView(event);
  const meta = pageMetadata({
    locale,
    path: `/event/${event.slug}`,
    title: event.title,
    description: view.summary || event.title,
    ogType: 'article',
    image: view.image?.url,
    locales: found?.locales,
    seo: event.seo,
  });
  return meta;
}

/**
 * A single event (docs/SPEC-NOTES.md §2 Single event); a load error shows the banner and the generic 'Community Event'.
 * An event tagged `content-note` (lib/cms/content-note.ts: the vigil) opens with 'Exit this page' and a content note,
 * before its image and title; the drop-in (lib/help/drop-in.ts), a support service, with 'Exit this page'.
 */
export default async function EventPage({ params }: PageProps<'/[locale]/event/[slug]'>) {
  const locale = await localeParam(params);
  const slug = await slugParam(params);
  if (NUMERIC_ID.test(slug)) permanentRedirect({ href: '/events', locale });
  const [{ event, found, error }, t] = await Promise.all([load(slug, locale), getTranslations('Events')]);
  const site = siteConfig();
  const path = localizedPath(locale, `/event/${slug}`);
  const pageUrl = new URL(path, site.url).toString();

  if (error) {
    console.error(`[events] could not load event ${slug}:`, error);
    return (
      <>
        <div role="alert" className="border-b border-accent bg-accent/20">
          <div className="mx-auto flex max-w-5xl gap-3 px-4 py-4 sm:px-6">
            <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0" />
            <div>
              <p className="font-semibold">{t('errorBanner')}</p>
              <p className="text-sm">{t('errorDetails', { details: eventErrorDetails(error) })}</p>
            </div>
          </div>
        </div>
        <EventDetail
          view={fallbackEventView(slug, t('fallbackTitle'), t('fallbackBody'))}
          phase={null}
          locale={locale}
          pageUrl={pageUrl}
          defaultHost={site.name}
          fallback
        />
      </>
    );
  }
  if (!event) notFound();

  const view = eventView(event);
  const now = new Date();
  const phase = eventPhase(view, now, event.fields.event_status);
  // A series is described by its current or next session (its first one once it is over), not its whole span.
  const session = (view.recurrence ? currentOrNextSession(view, now) : null) ?? view;
  // Polylang translates tags too, so the English event's tag counts for its translations.
  const sensitive = needsContentNote(event) || (found ? needsContentNote(found.source) : false);
  const exit = sensitive || isDropIn(view);
  return (
    <>
      {session.start ? (
        <JsonLd
          data={eventJsonLd(site, {
            // The canonical address: the English one for English-only text.
            path: localizedPath(found?.contentLocale ?? locale, `/event/${slug}`),
            name: view.title,
            description: view.summary,
            startDate: londonIso(session.start, view.hasTime),
            endDate: session.end ? londonIso(session.end, view.hasTime) : undefined,
            attendance: view.attendance,
            status: view.status,
            location: view.location,
            address: view.address,
            onlineUrl: view.registration?.url,
            imageUrl: view.image?.url,
            performers: view.speakers?.named.map((p) => p.name),
            video: view.video?.kind === 'youtube' ? { name: view.title, ...view.video } : null,
            inLanguage: found?.contentLocale ?? locale,
          })}
        />
      ) : null}
      <EventDetail
        view={view}
        phase={phase}
        locale={locale}
        pageUrl={pageUrl}
        defaultHost={site.name}
        now={now}
        contentLang={found && found.contentLocale !== locale ? found.contentLocale : undefined}
        before={
          exit ? (
            <>
              <ExitControl columnClassName="mx-auto mt-2 max-w-5xl px-4 sm:px-6" />
              {sensitive ? (
                <div className="mx-auto mt-2 max-w-5xl px-4 sm:px-6">
                  <ContentNote kind="page" />
                </div>
              ) : null}
            </>
          ) : null
        }
      />
    </>
  );
}
