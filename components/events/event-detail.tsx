import { CalendarDays, CalendarPlus, ExternalLink, MapPin, Users } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { ShareMenu } from '@/components/blog/share-menu';
import { CmsHtml } from '@/components/cms/cms-html';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
import { BackLink, FeatureImage } from '@/components/cms/feature-image';
import { ButtonLink } from '@/components/ui/button-link';
import type { Locale } from '@/i18n/routing';
import { googleCalendarUrl, outlookCalendarUrl, yahooCalendarUrl } from '@/lib/events/calendar';
import {
  calendarEvent,
  currentOrNextSession,
  type EventPeople,
  type EventPhase,
  type EventView,
} from '@/lib/events/model';
import { londonIso } from '@/lib/events/parse';
import type { EventLinkLabel } from '@/lib/events/place';
import { eventWhenText } from '@/lib/events/when';
import { formatDate } from '@/lib/utils/format';

import { EventBadges } from './event-badges';
import { EventVideo } from './event-video';

/** Message keys of the docs/SPEC-NOTES.md §9 link labels. */
const LINK_LABEL_KEYS = {
  'Register for Event': 'linkRegister',
  'Get Tickets': 'linkTickets',
  'Join Zoom Meeting': 'linkZoom',
  'Join Teams Meeting': 'linkTeams',
  'Join Google Meet': 'linkMeet',
  'Join Webex Meeting': 'linkWebex',
  'Join GoToMeeting': 'linkGoto',
  'View on Meetup': 'linkMeetup',
  'View on Facebook': 'linkFacebook',
  'Join Event': 'linkJoin',
} as const satisfies Record<EventLinkLabel, string>;

/** The path of an event's ICS download (a route outside the locale segment; see app/event/[slug]/calendar.ics). */
export function eventIcsPath(slug: string): string {
  return `/event/${encodeURIComponent(slug)}/calendar.ics`;
}

type Props = {
  view: EventView;
  phase: EventPhase | null;
  locale: Locale;
  /** Absolute URL of this page (share and calendar links). */
  pageUrl: string;
  /** Shown under 'Hosted By' when WordPress names no organizer: the charity. */
  defaultHost: string;
  /** The generic stand-in after a load error: no actions, no back-link duplication of content. */
  fallback?: boolean;
  /** The time the page is rendered for (injected in tests). */
  now?: Date;
  /**
   * The language of the event's own text when it differs from `locale` (English shown under a translated
   * interface: no translation exists): marks the text and shows the 'English only' note.
   */
  contentLang?: Locale;
  /**
   * Shown first, after the back link and before the image and title, as children of the article (so a sticky
   * 'Exit this page' stays in view through the whole event): the page's Exit and content note.
   */
  before?: ReactNode;
};

function Card({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-border bg-surface p-5">
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-muted uppercase">
        {icon}
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 first:mt-0">
      <h2 className="text-2xl font-bold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * The single event page body (docs/SPEC-NOTES.md §2 Single event): image, title, badges, 'Hosted By', 'About the event'
 * (200 characters), When ('Date TBA'; a series as 'Every Wednesday @ …' with its date range and next session),
 * Where ('Location TBA'), registration/join link (docs/SPEC-NOTES.md §9 label), add to Google/Outlook/Yahoo and the
 * ICS download (not for an event that is over), share links, the optional video, the body, and speakers,
 * organizers, agenda, resources and follow-up when present. On a phone When, Where and the registration button
 * come first, before the description; on wide screens they head the side column. Server component; the share
 * menu and the time badge are client islands. External links open in a new tab and say so to screen readers.
 */
export async function EventDetail({
  view,
  phase,
  locale,
  pageUrl,
  defaultHost,
  fallback = false,
  now = new Date(),
  contentLang,
  before,
}: Props) {
  const [t, tTimes] = await Promise.all([getTranslations('Events'), getTranslations('EventTimes')]);
  const when = eventWhenText(view, locale, t('to'), tTimes);
  const calendar = fallback ? null : calendarEvent(view, pageUrl, now);
  const session = view.recurrence ? currentOrNextSession(view, now) : null;
  const hosts = view.organizers?.named.map((p) => p.name) ?? [];
  const showRegistration = !fallback && view.registration && phase !== 'past' && view.status !== 'cancelled';
  const newTab = <span className="sr-only"> {t('newTab')}</span>;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  const linkClass =
    'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand hover:bg-surface-strong hover:underline';

  const people = (list: EventPeople, countKey: 'speakersCount' | 'organizersCount') =>
    list.named.length > 0 ? (
      <ul className="grid gap-3 sm:grid-cols-2">
        {list.named.map((p, i) => (
          <li key={`${p.name}-${i}`} className="rounded-xl border border-border p-4">
            <p className="font-semibold">{p.name}</p>
            {p.role ? <p className="text-sm text-muted">{p.role}</p> : null}
          </li>
        ))}
      </ul>
    ) : (
      <p className="text-muted">{t(countKey, { count: list.count })}</p>
    );

  return (
    <article className="pb-16" data-testid="event-detail">
      <div className="mx-auto max-w-5xl px-4 pt-8 sm:px-6">
        <BackLink href="/events" label={t('back')} />
      </div>
      {before}
      {contentLang ? (
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <EnglishOnlyNote kind="event" className="mt-6" />
        </div>
      ) : null}
      <FeatureImage
        image={view.image}
        sizes="(min-width: 1024px) 1024px, 100vw"
        className="mx-auto mt-6 max-w-5xl sm:rounded-2xl"
      />
      <header className="mx-auto mt-8 max-w-5xl px-4 sm:px-6">
        <h1 lang={contentLang} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {view.title}
        </h1>
        {fallback ? null : <EventBadges view={view} phase={phase} now={now} className="mt-4" />}
      </header>

      <div className="mx-auto mt-10 grid max-w-5xl gap-10 px-4 sm:px-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:gap-y-4">
        <aside
          className="space-y-4 lg:col-start-3 lg:row-start-1"
          aria-label={t('details')}
          data-testid="event-key-facts"
        >
          <Card title={t('when')} icon={<CalendarDays aria-hidden className="size-4" />}>
            <p className="font-semibold" data-testid="event-when">
              {when && view.start ? (
                <time dateTime={londonIso(session?.start ?? view.start, view.hasTime)}>{when}</time>
              ) : (
                t('dateTba')
              )}
            </p>
            {view.recurrence && view.start && view.endsAt ? (
              <div className="mt-1 space-y-0.5 text-sm text-muted" data-testid="event-series">
                <p>
                  {tTimes('seriesRange', {
                    from: formatDate(view.start, locale),
                    until: formatDate(new Date(view.endsAt.getTime() - 1), locale),
                  })}
                </p>
                {session && phase !== 'past' ? (
                  <p>{tTimes('nextSession', { date: formatDate(session.start, locale) })}</p>
                ) : null}
              </div>
            ) : null}
          </Card>
          <Card title={t('where')} icon={<MapPin aria-hidden className="size-4" />}>
            <p className="font-semibold" data-testid="event-where">
              {view.location ?? t('locationTba')}
            </p>
          </Card>

          {showRegistration && view.registration ? (
            <ButtonLink href={view.registration.url} external {...external} size="lg" className="w-full">
              {t(LINK_LABEL_KEYS[view.registration.label])}
              <ExternalLink aria-hidden className="size-4" />
              {newTab}
            </ButtonLink>
          ) : null}
        </aside>

        <div className="lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Section title={t('about')}>
            <p lang={contentLang} className="text-lg text-pretty">
              {view.summary}
            </p>
          </Section>
          {view.video ? (
            <Section title={t('video')}>
              <EventVideo video={view.video} title={view.title} poster={view.image?.url} />
            </Section>
          ) : null}
          {view.html ? (
            <Section title={t('bodyTitle')}>
              <div lang={contentLang}>
                <CmsHtml html={view.html} />
              </div>
            </Section>
          ) : null}
          {view.speakers ? (
            <Section title={t('speakers')}>{people(view.speakers, 'speakersCount')}</Section>
          ) : null}
          {view.organizers ? (
            <Section title={t('organizers')}>{people(view.organizers, 'organizersCount')}</Section>
          ) : null}
          {view.agenda ? (
            <Section title={t('agenda')}>
              <div lang={contentLang}>
                <CmsHtml html={view.agenda} />
              </div>
            </Section>
          ) : null}
          {view.resources ? (
            <Section title={t('resources')}>
              <div lang={contentLang}>
                <CmsHtml html={view.resources} />
              </div>
            </Section>
          ) : null}
          {view.followUp ? (
            <Section title={t('followUp')}>
              <div lang={contentLang}>
                <CmsHtml html={view.followUp} />
              </div>
            </Section>
          ) : null}
        </div>

        <div className="space-y-4 lg:col-start-3 lg:row-start-2 lg:self-start">
          <Card title={t('hostedBy')} icon={<Users aria-hidden className="size-4" />}>
            <p className="font-semibold">{hosts.length ? hosts.join(', ') : defaultHost}</p>
          </Card>
          {calendar ? (
            <section
              className="rounded-2xl border border-border p-5"
              aria-labelledby="add-to-calendar"
              data-testid="add-to-calendar"
            >
              <h2 id="add-to-calendar" className="flex items-center gap-2 font-semibold">
                <CalendarPlus aria-hidden className="size-5" />
                {t('addToCalendar')}
              </h2>
              <ul className="-mx-3 mt-2">
                <li>
                  <a href={googleCalendarUrl(calendar)} {...external} className={linkClass}>
                    {t('google')}
                    {newTab}
                  </a>
                </li>
                <li>
                  <a href={outlookCalendarUrl(calendar)} {...external} className={linkClass}>
                    {calendar.repeat
                      ? tTimes('outlookNextSession', { date: formatDate(calendar.start, locale) })
                      : t('outlook')}
                    {newTab}
                  </a>
                </li>
                {calendar.repeat ? (
                  // Outlook's link cannot repeat an event: it adds the next session and says so; the whole series
                  // goes in as the calendar file with its RRULE, which Outlook imports.
                  <li>
                    <a href={eventIcsPath(view.slug)} download={`${view.slug}.ics`} className={linkClass}>
                      {tTimes('outlookIcs')}
                    </a>
                  </li>
                ) : null}
                <li>
                  <a href={yahooCalendarUrl(calendar)} {...external} className={linkClass}>
                    {t('yahoo')}
                    {newTab}
                  </a>
                </li>
                <li>
                  <a href={eventIcsPath(view.slug)} download={`${view.slug}.ics`} className={linkClass}>
                    {t('ics')}
                  </a>
                </li>
              </ul>
            </section>
          ) : null}

          {fallback ? null : (
            <div className="flex items-center justify-between gap-4 rounded-2xl border border-border p-5">
              <p className="font-semibold">{t('share')}</p>
              <ShareMenu url={pageUrl} title={view.title} />
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
