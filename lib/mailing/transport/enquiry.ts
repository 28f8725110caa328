import 'server-only';

import { type Database, type Enquiry, findEnquiry as findEnquiryRow } from '@/lib/db';

import type { SendOptions } from './send';

/**
 * What the enquiry email jobs share (the forward in ./jobs.ts and the staff reply in ./reply-job.ts): their options
 * and the lookup of a stored enquiry. A module of its own so the two jobs do not import each other.
 */
export interface EmailJobOptions extends Pick<SendOptions, 'smtpUrl' | 'from' | 'mailDir'> {
  /** Database or transaction; default `getDb()`. */
  db?: Database;
}

/** The stored enquiry with that id, or null. */
export async function findEnquiry(db: Database, id: string): Promise<Enquiry | null> {
  return findEnquiryRow(db, id);
}
