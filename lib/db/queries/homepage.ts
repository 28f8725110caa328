import 'server-only';

import { desc } from 'drizzle-orm';

import type { Database } from '../client';
import { type HomepageContent, homepageContent } from '../schema';

/**
 * The newest homepage_content row by created_at (docs/SPEC-NOTES.md §7: the home hero's background image, subtitle and call
 * to action), or null when there is none and the home page uses its defaults.
 */
export async function latestHomepageContent(db: Database): Promise<HomepageContent | null> {
  const [row] = await db
    .select()
    .from(homepageContent)
    .orderBy(desc(homepageContent.createdAt), desc(homepageContent.id))
    .limit(1);
  return row ?? null;
}
