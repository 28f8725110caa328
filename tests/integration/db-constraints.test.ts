import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '@/lib/db/client';
import { CONTACT_LIMITS } from '@/lib/enquiries/fields';
import { REGISTRATION_LIMITS } from '@/lib/volunteers/schema';

import { testEngines } from '../helpers/test-engines';

/**
 * The database is a second entry point (a SQL console, a leaked key, a future code path that forgets zod): its
 * CHECK constraints mirror the forms' zod limits (lib/forms), so a direct insert can store neither megabytes nor
 * a malformed address (security review M6). Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const CHECK_VIOLATION = '23514';
type Row = { status: string; consented_at: Date | null };

/** The SQLSTATE of a failed query, wherever the driver or Drizzle put it. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

async function violates(
  handle: DatabaseHandle,
  statement: ReturnType<typeof sql>,
): Promise<string | undefined> {
  try {
    await handle.db.execute(statement);
    return undefined;
  } catch (error) {
    return sqlState(error);
  }
}

describe.each(testEngines('lrjn_constraints'))('CHECK constraints on $name', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
  }, 60_000);
  afterAll(async () => dispose?.());

  it('refuses an enquiry with an oversized name or message, or a malformed email', async () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(
      await violates(
        handle,
        sql`insert into enquiries (name, email, message) values (${long(100_000)}, 'a@example.org', 'A message here')`,
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await violates(
        handle,
        sql`insert into enquiries (name, email, message) values ('Ana', 'not-an-email', 'A message here')`,
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await violates(
        handle,
        sql`insert into enquiries (name, email, message) values ('Ana', 'a@example.org', ${long(CONTACT_LIMITS.messageMax + 1)})`,
      ),
    ).toBe(CHECK_VIOLATION);
    // Exactly at the limits is what the form accepts, so the database does too.
    expect(
      await violates(
        handle,
        sql`insert into enquiries (name, email, message) values (${long(CONTACT_LIMITS.nameMax)}, 'a@example.org', ${long(CONTACT_LIMITS.messageMax)})`,
      ),
    ).toBeUndefined();
  });

  it('refuses a registration over the form limits', async () => {
    const row = (name: string, phone: string, skills: string) =>
      sql`insert into volunteers (name, email, phone, membership_type, skills, country, location)
        values (${name}, 'v@example.org', ${phone}, 'individual', ${skills}::text[], 'United Kingdom', 'Leeds')`;
    const manySkills = `{${Array.from({ length: REGISTRATION_LIMITS.skills + 1 }, (_, i) => `s${i}`).join(',')}}`;
    expect(await violates(handle, row('x'.repeat(REGISTRATION_LIMITS.name + 1), '0113 496 0000', '{}'))).toBe(
      CHECK_VIOLATION,
    );
    expect(await violates(handle, row('Ana', '0'.repeat(REGISTRATION_LIMITS.phone + 1), '{}'))).toBe(
      CHECK_VIOLATION,
    );
    expect(await violates(handle, row('Ana', '0113 496 0000', manySkills))).toBe(CHECK_VIOLATION);
    expect(await violates(handle, row('Ana', '0113 496 0000', '{facilitation}'))).toBeUndefined();
  });

  it('refuses a subscriber that is active without a consent time, or with a malformed address', async () => {
    expect(
      await violates(
        handle,
        sql`insert into newsletter_subscribers (email, status) values ('forged@example.org', 'active')`,
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await violates(
        handle,
        sql`insert into newsletter_subscribers (email) values ('no spaces@example.org')`,
      ),
    ).toBe(CHECK_VIOLATION);
    const result = (await handle.db.execute(
      sql`insert into newsletter_subscribers (email) values ('new@example.org') returning status, consented_at`,
    )) as unknown as Row[] | { rows: Row[] };
    // postgres.js answers an array of rows, PGlite an object with `rows`.
    const [row] = Array.isArray(result) ? result : result.rows;
    expect(row).toMatchObject({ status: 'pending', consented_at: null });
  });
});
