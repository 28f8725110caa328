import 'server-only';

import { RECENT_LIMIT, recentServerErrors, webhookLog } from '@/lib/log/recent';
import { SCREENING_LOG_LIMIT, screeningLog } from '@/lib/screening';

import type { LogsFilter } from './filters';

/**
 * The logs page's read (issue 17 item 6): the screening log (newest first, addresses masked), the content
 * webhook's calls and the last server errors, the bounded records of this server process (lib/log/recent.ts,
 * lib/screening/log.ts), narrowed by the page's filter (lib/back-office/filters.ts `parseLogsFilter`): which log,
 * and a text that any of an entry's fields contains (case-insensitive: path, address, slug, result, route, error
 * type or message, reference). A log not shown is an empty list. Re-exported by lib/back-office/index.ts.
 */
export function logsPage(filter: LogsFilter = {}) {
  const needle = filter.q?.toLowerCase();
  const matches = (entry: object) =>
    !needle ||
    Object.values(entry).some((value) => value !== undefined && String(value).toLowerCase().includes(needle));
  const shown = (log: NonNullable<LogsFilter['log']>) => !filter.log || filter.log === log;
  return {
    screening: shown('screening') ? screeningLog().reverse().filter(matches) : [],
    webhook: shown('webhook') ? webhookLog().filter(matches) : [],
    errors: shown('errors') ? recentServerErrors().filter(matches) : [],
    limits: { recent: RECENT_LIMIT, screening: SCREENING_LOG_LIMIT },
  };
}
