import { CalendarDays, MapPin } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { CmsImage } from '@/components/cms/cms-image';
import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { EventListItem } from '@/lib/events/model';
import { londonIso } from '@/lib/events/parse';
import { eventWhenText } from '@/lib/events/when';

import { EventBadges } from './event-badges';

/**
 * An event in the list (docs/SPEC-NOTES.md §2 Events list): image, badges (online/in person, upcoming/past), title linking to
 * /event/{slug}, when ('Date TBA') and where ('Location TBA'), in UK time and the visitor's locale. Lists are English
 * (lib/cms/translations.ts): under /es, /fr, /pt an 'English' tag, and `lang="en"` on the title and the location.
 */
export async function EventCard({
  item,
  locale,
  priority,
}: {
  item: EventListItem;
  locale: Locale;
  priority?: boolean;
}) {
  const [t, tTimes] = await Promise.all([getTranslations('Events'), getTranslations('EventTimes')]);
  const { view, phase } = item;
  const when = eventWhenText(view, locale, t('to'), tTimes);
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-bg shadow-sm hover:shadow-md"
      data-testid="event-card"
      data-phase={phase}
      data-start={(item.at ?? view.start)?.toISOString() ?? ''}
    >
      <div className="relative aspect-[16/9] bg-surface-strong">
        {view.image ? (
          <CmsImage
            src={view.image.url}
            alt=""
            fill
            priority={priority}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            className="object-cover"
          />
        ) : (
          <CalendarDays aria-hidden className="absolute inset-0 m-auto size-10 text-muted" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <EventBadges view={view} phase={phase} />
          <ContentLangTag locale={locale} />
        </div>
        <h3 lang={contentLang(locale)} className="text-lg font-semibold text-balance">
          <Link href={`/event/${view.slug}`} className="group-hover:text-brand after:absolute after:inset-0">
            {view.title}
          </Link>
        </h3>
        <dl className="mt-auto space-y-1 text-sm text-muted">
          <div className="flex gap-2">
            <dt>
              <CalendarDays aria-hidden className="mt-0.5 size-4" />
              <span className="sr-only">{t('when')}</span>
            </dt>
            <dd>
              {when && view.start ? (
                <time dateTime={londonIso(item.at ?? view.start, view.hasTime)}>{when}</time>
              ) : (
                t('dateTba')
              )}
            </dd>
          </div>
          <div className="flex gap-2">
            <dt>
              <MapPin aria-hidden className="mt-0.5 size-4" />
              <span className="sr-only">{t('where')}</span>
            </dt>
            <dd lang={view.location ? contentLang(locale) : undefined}>
              {view.location ?? t('locationTba')}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
