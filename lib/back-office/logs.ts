import 'server-only';

import { RECENT_LIMIT, recentServerErrors, webhookLog } from '@/lib/log/recent';
import { SCREENING_LOG_LIMIT, screeningLog } from '@/lib/screening';

/**
 * The logs page's read (issue 17 item 6): the screening log (newest first, addresses masked), the content
 * webhook's calls and the last server errors, the bounded records of this server process (lib/log/recent.ts,
 * lib/screening/log.ts). Re-exported by lib/back-office/index.ts.
 */
export function logsPage() {
  return {
    screening: screeningLog().reverse(),
    webhook: webhookLog(),
    errors: recentServerErrors(),
    limits: { recent: RECENT_LIMIT, screening: SCREENING_LOG_LIMIT },
  };
}
