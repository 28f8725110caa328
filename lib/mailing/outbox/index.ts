import 'server-only';

/**
 * The outbox worker (docs/ARCHITECTURE.md §5): best-effort side effects saved with the write they follow (lib/db `outbox`)
 * are sent here, by kind: 'enquiry.forward' through lib/mailing/transport, 'newsletter.sync' and 'volunteer.followup' through
 * lib/mailing. `drainOutbox` runs once (the interval worker, `npm run outbox:drain`); `forwardEnquiryNow` is the
 * contact form's immediate forward of one enquiry.
 */
export type { DrainOptions, DrainResult } from './drain';
export { drainOutbox, runOutboxItem } from './drain';
export type { ForwardStatus } from './forward';
export { ENQUIRY_FORWARD_GRACE_SECONDS, forwardEnquiryNow, sendReplyNow } from './forward';
export { startOutboxWorker, stopOutboxWorker } from './worker';
export { ALERT_INTERVAL_SECONDS, OUTBOX_ALERT_KIND, alertFailedOutbox } from './alert';
