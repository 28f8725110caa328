import { getTranslations } from 'next-intl/server';

import type { EventPhase, EventView } from '@/lib/events/model';

const BASE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

/**
 * An event's badges (docs/SPEC-NOTES.md §2 Single event, §4): online and/or in person, where it stands in time (upcoming,
 * happening now, past), a cancelled/postponed status, and the event type as WordPress names it. Server component.
 */
export async function EventBadges({
  view,
  phase,
  className = '',
}: {
  view: Pick<EventView, 'attendance' | 'status' | 'eventType'>;
  phase: EventPhase | null;
  className?: string;
}) {
  const t = await getTranslations('Events');
  const badges: { key: string; label: string; style: string }[] = [];
  if (view.status !== 'scheduled') {
    badges.push({ key: 'status', label: t(view.status), style: 'bg-accent text-accent-fg' });
  }
  if (phase === 'ongoing')
    badges.push({ key: 'phase', label: t('ongoingBadge'), style: 'bg-accent text-accent-fg' });
  if (phase === 'upcoming') {
    badges.push({ key: 'phase', label: t('upcomingBadge'), style: 'border border-brand text-brand' });
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
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {badges.map((b) => (
        <li key={b.key} className={`${BASE} ${b.style}`} data-badge={b.key}>
          {b.label}
        </li>
      ))}
    </ul>
  );
}
