import { CalendarPlus, Download } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { EventCard } from '@/components/events/event-card';
import { PageHeader } from '@/components/layout/page-header';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { localeParam } from '@/i18n/params';
import { getEvents } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { orderEvents } from '@/lib/events/model';
import { pageMetadata } from '@/lib/seo/metadata';

/** ISR: an hour as a safety net (events also move from upcoming to past as time passes); the webhook refreshes sooner. */
export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/events'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Events' });
  const meta = pageMetadata({ locale, path: '/events', title: t('title'), description: t('description') });
  return {
    ...meta,
    alternates: { ...meta.alternates, types: { ...meta.alternates?.types, 'text/calendar': '/events.ics' } },
  };
}

/**
 * Events list (docs/SPEC-NOTES.md §2): upcoming events first, soonest first, then past events, most recent first (at most 50,
 * docs/SPEC-NOTES.md §9), each with its badges, date and place; plus the subscribable calendar of upcoming events (/events.ics).
 */
export default async function EventsPage({ params }: PageProps<'/[locale]/events'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Events');
  const site = siteConfig();
  const events = await getEvents();
  const { upcoming, past } = orderEvents(events, new Date());
  const webcal = `webcal://${new URL(site.url).host}/events.ics`;

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {events.length === 0 ? (
          <EmptyState>{t('empty')}</EmptyState>
        ) : (
          <>
            <section aria-labelledby="upcoming-events" data-testid="upcoming-events">
              <h2 id="upcoming-events" className="text-2xl font-bold sm:text-3xl">
                {t('upcoming')}
              </h2>
              {upcoming.length === 0 ? (
                <EmptyState compact className="mt-6">
                  {t('noUpcoming')}
                </EmptyState>
              ) : (
                <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {upcoming.map((item, i) => (
                    <li key={item.view.id}>
                      <EventCard item={item} locale={locale} priority={i === 0} />
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section
              aria-labelledby="subscribe-events"
              className="mt-12 flex flex-col gap-4 rounded-2xl bg-surface p-6 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <h2 id="subscribe-events" className="text-xl font-bold">
                  {t('subscribeTitle')}
                </h2>
                <p className="mt-1 text-muted">{t('subscribeBody')}</p>
              </div>
              <div className="flex flex-wrap gap-3">
                <ButtonLink href={webcal} external>
                  <CalendarPlus aria-hidden className="size-5" />
                  {t('subscribe')}
                </ButtonLink>
                <a
                  href="/events.ics"
                  download="events.ics"
                  className="inline-flex items-center gap-2 rounded-full border border-border px-5 py-2.5 font-semibold hover:bg-surface-strong"
                >
                  <Download aria-hidden className="size-5" />
                  {t('downloadFeed')}
                </a>
              </div>
            </section>

            {past.length > 0 ? (
              <section aria-labelledby="past-events" className="mt-16" data-testid="past-events">
                <h2 id="past-events" className="text-2xl font-bold sm:text-3xl">
                  {t('past')}
                </h2>
                <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {past.map((item) => (
                    <li key={item.view.id}>
                      <EventCard item={item} locale={locale} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
