import 'server-only';

import { sql } from 'drizzle-orm';

import type { Database } from '../client';

/** `select 1`: whether the database answers at all (the readiness probe, lib/ops/readiness.ts). @throws when not. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
