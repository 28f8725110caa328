import 'server-only';

import { englishCountryName } from '@/lib/countries';
import { type Database, enqueueOutbox, getDb, insertVolunteer } from '@/lib/db';

import type { ActionContext, ActionDefinition } from '@/lib/safe-action';
import { type Registration, registrationSchema } from './schema';
import type { ActionFailure } from '@/lib/action-result';

/** The outbox kind of the best-effort follow-up (docs/SPEC-NOTES.md §7), run by lib/mailing's runMailingJob. */
export const VOLUNTEER_FOLLOWUP_KIND = 'volunteer.followup';

export const registrationForm: ActionDefinition<typeof registrationSchema> = {
  name: 'registration',
  schema: registrationSchema,
};

/**
 * Saves a Network Registration (docs/SPEC-NOTES.md §7 "insert into volunteers") and, in the same transaction, queues its
 * follow-up (contact sync, then the mailing fallbacks), so the row and its follow-up are saved together or not
 * at all; the follow-up itself runs later in the outbox worker and never affects this answer.
 * The country arrives as our list's code (or an English name) and is stored as the English name; one not on the
 * list is a 422 with the field's message key. @returns the new row's id. @throws on a database error (the
 * wrapper answers 500 'server'). `options.db` (tests) replaces the process's database.
 */
export async function handleRegistration(
  input: Registration,
  ctx: ActionContext,
  options: { db?: Database } = {},
): Promise<{ id: string } | ActionFailure> {
  const country = await englishCountryName(input.country);
  if (!country)
    return { ok: false, status: 422, error: 'invalid', fieldErrors: { country: 'countryRequired' } };

  const interests: string[] = [...input.interests];
  // The table has no column for the free-text interest; it travels with 'other' so the team sees it.
  if (input.customInterest) interests.push(`other: ${input.customInterest}`);

  const db = options.db ?? (await getDb());
  const id = await db.transaction(async (tx) => {
    const row = await insertVolunteer(tx, {
      name: input.fullName,
      email: input.email,
      phone: input.phone,
      membershipType: input.membershipType,
      organizationName: input.organization ?? null,
      interests,
      availability: input.availability,
      experienceLevel: input.experience,
      skills: input.skills,
      country,
      location: input.city,
      locale: ctx.locale,
    });
    await enqueueOutbox(tx, { kind: VOLUNTEER_FOLLOWUP_KIND, payload: { volunteerId: row.id } });
    return row.id;
  });
  return { id };
}
