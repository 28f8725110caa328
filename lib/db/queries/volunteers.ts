import 'server-only';

import { eq } from 'drizzle-orm';

import type { Database } from '../client';
import { EXPERIENCE_LEVELS, MEMBERSHIP_TYPES, type Volunteer, volunteers } from '../schema';

/** A network registration (docs/SPEC-NOTES.md §3 and §5), already validated by the form's schema. */
export interface NewVolunteer {
  name: string;
  email: string;
  phone: string;
  membershipType: (typeof MEMBERSHIP_TYPES)[number];
  /** Only for membershipType 'organization'. */
  organizationName?: string | null;
  interests: string[];
  availability: string[];
  experienceLevel: (typeof EXPERIENCE_LEVELS)[number];
  skills?: string[];
  country: string;
  /** The city. */
  location: string;
  locale?: string;
}

/**
 * Saves a network registration. The CRM/newsletter follow-up is best effort (docs/SPEC-NOTES.md §7): enqueue it in the outbox
 * in the same transaction. @returns the stored row. @throws on a database error or a value outside the CHECKs.
 */
export async function insertVolunteer(db: Database, input: NewVolunteer): Promise<Volunteer> {
  const [row] = await db
    .insert(volunteers)
    .values({
      name: input.name,
      email: input.email.trim(),
      phone: input.phone,
      membershipType: input.membershipType,
      organizationName: input.membershipType === 'organization' ? (input.organizationName ?? null) : null,
      interests: input.interests,
      availability: input.availability,
      experienceLevel: input.experienceLevel,
      skills: input.skills ?? [],
      country: input.country,
      location: input.location,
      locale: input.locale ?? 'en',
    })
    .returning();
  return row!;
}

/** The registration with this id, or null (unknown id, or not a uuid at all). */
export async function findVolunteer(db: Database, id: string): Promise<Volunteer | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(volunteers).where(eq(volunteers.id, id)).limit(1);
  return row ?? null;
}
