import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { sessionWindows, type EventPhase, type EventView } from '@/lib/events/model';

import { PhaseBadge } from './phase-badge';

const BASE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

/**
 * An event's badges (docs/SPEC-NOTES.md §2 Single event, §4): online and/or in person, where it stands in time (upcoming,
 * happening now, past), a cancelled/postponed status, and the event type as WordPress names it. Server component;
 * the time badge of an event not yet over is a small client island (PhaseBadge) so a cached page never says
 * 'Happening now' outside a session.
 */
export async function EventBadges({
  view,
  phase,
  now = new Date(),
  className = '',
}: {
  view: Pick<
    EventView,
    'attendance' | 'status' | 'eventType' | 'start' | 'end' | 'endsAt' | 'hasTime' | 'recurrence'
  >;
  phase: EventPhase | null;
  now?: Date;
  className?: string;
}) {
  const t = await getTranslations('Events');
  const badges: { key: string; label: string; style: string }[] = [];
  if (view.status !== 'scheduled') {
    badges.push({ key: 'status', label: t(view.status), style: 'bg-accent text-accent-fg' });
  }
  let live: ReactNode = null;
  if ((phase === 'ongoing' || phase === 'upcoming') && view.endsAt) {
    live = (
      <PhaseBadge
        key="phase"
        initial={phase}
        windows={sessionWindows(view, now)}
        seriesEnd={view.endsAt.getTime()}
        labels={{ upcoming: t('upcomingBadge'), ongoing: t('ongoingBadge'), past: t('pastBadge') }}
        className={BASE}
      />
    );
  }
  if (phase === 'past')
    badges.push({ key: 'phase', label: t('pastBadge'), style: 'bg-surface-strong text-muted' });
  if (view.attendance !== 'offline') {
    badges.push({ key: 'online', label: t('online'), style: 'bg-brand text-brand-fg' });
  }
  if (view.attendance !== 'online') {
    badges.push({ key: 'in-person', label: t('inPerson'), style: 'border border-border bg-surface text-fg' });
  }
  if (view.eventType) {
    badges.push({ key: 'type', label: view.eventType, style: 'bg-surface-strong text-fg capitalize' });
  }
  const item = (b: (typeof badges)[number]) => (
    <li key={b.key} className={`${BASE} ${b.style}`} data-badge={b.key}>
      {b.label}
    </li>
  );
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {badges.filter((b) => b.key === 'status').map(item)}
      {live}
      {badges.filter((b) => b.key !== 'status').map(item)}
    </ul>
  );
}
