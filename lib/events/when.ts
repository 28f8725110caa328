import type { Locale } from '@/i18n/routing';
import { formatEventWhen, type RepeatPattern } from '@/lib/utils/format';

import type { EventView } from './model';

/** The EventTimes messages a "when" phrase needs (messages/*.json), with ICU values as strings. */
type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export type EventTimesTranslator = (
  key: `everyWeekday${Weekday}` | `everyOtherWeekday${Weekday}` | 'everyNWeeks' | 'everyDay' | 'everyNDays',
  values?: Record<string, string>,
) => string;

/** 'Every Wednesday', 'Every other Friday', 'Every 3 weeks', 'Every day', 'Every 2 days', translated. */
export function repeatPhrase(pattern: RepeatPattern, t: EventTimesTranslator): string {
  const n = String(pattern.interval);
  if (pattern.freq === 'daily') return pattern.interval === 1 ? t('everyDay') : t('everyNDays', { n });
  const day = (((pattern.weekday % 7) + 7) % 7) as Weekday;
  if (pattern.interval === 1) return t(`everyWeekday${day}`);
  if (pattern.interval === 2) return t(`everyOtherWeekday${day}`);
  return t('everyNWeeks', { n });
}

/**
 * An event's "when" line in `locale` through the site's formatter (lib/utils/format.ts): a one-off as its dates and
 * times, a series as its pattern and one session's times. `to` is the translated Events.to; `t` reads the
 * EventTimes namespace. Null for 'Date TBA'.
 */
export function eventWhenText(
  view: Pick<EventView, 'start' | 'end' | 'hasTime' | 'recurrence'>,
  locale: Locale,
  to: string,
  t: EventTimesTranslator,
): string | null {
  return formatEventWhen(
    { start: view.start, end: view.end, hasTime: view.hasTime, repeat: view.recurrence },
    locale,
    { to, repeat: (pattern) => repeatPhrase(pattern, t) },
  );
}
