import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { sql as drizzleSql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MATERIAL_MAX_BYTES, MATERIAL_TYPES } from '@/lib/courses/shared';
import { setRoleByEmail } from '@/lib/auth/roles';
import { listRoleHolders, openDatabase, upsertNewsletterSubscriber } from '@/lib/db';

import { createScratchDatabase } from '../helpers/scratch-database';

/**
 * The Supabase migrations (supabase/migrations: the schema generated from Drizzle plus the hand-written
 * row-level security) on a real PostgreSQL (TEST_DATABASE_URL, the pg rig), in a database of their own, after a
 * small stand-in for what Supabase provides (tests/helpers/supabase-stand-in.sql: roles anon, authenticated,
 * service_role, auth.users and auth.uid() reading the request.jwt.claim.sub setting). Each check runs in a
 * transaction as PostgREST would run a request: SET LOCAL ROLE plus the JWT subject, then rolls back.
 */
const baseUrl = process.env.TEST_DATABASE_URL ?? '';
const MIGRATIONS = path.join(process.cwd(), 'supabase', 'migrations');

type Sql = postgres.Sql;
type Tx = postgres.TransactionSql;
interface Who {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
}

const ids = {
  alice: crypto.randomUUID(),
  bob: crypto.randomUUID(),
  admin: crypto.randomUUID(),
  published: crypto.randomUUID(),
  priced: crypto.randomUUID(),
  draft: crypto.randomUUID(),
};
const anon: Who = { role: 'anon' };
const alice: Who = { role: 'authenticated', sub: ids.alice };
const bob: Who = { role: 'authenticated', sub: ids.bob };
const admin: Who = { role: 'authenticated', sub: ids.admin };
const service: Who = { role: 'service_role' };

let sql: Sql;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;

class Rollback extends Error {}

/** Runs `fn` as `who` inside a transaction that is always rolled back. */
async function as<T>(who: Who, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe(`set local role ${who.role}`);
      await tx`select set_config('request.jwt.claim.sub', ${who.sub ?? ''}, true)`;
      result = await fn(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result as T;
}

const denied = { code: '42501' };
/** Runs `statement` as `who` and expects it to change no row: refused outright (no grant) or matching none (RLS). */
async function changesNothing(who: Who, statement: string): Promise<void> {
  try {
    const result = await as(who, (tx) => tx.unsafe(statement));
    expect(result.count, statement).toBe(0);
  } catch (error) {
    expect(error, statement).toMatchObject(denied);
  }
}
/**
 * Expects `who` to read no row of `table`: refused outright (no SELECT privilege) or none visible (RLS). Each try
 * runs in its own rolled-back transaction, as a refusal aborts the transaction it happens in.
 */
async function readsNone(who: Who, table: string): Promise<void> {
  try {
    expect(await as(who, (tx) => count(tx, table)), table).toBe(0);
  } catch (error) {
    expect(error, table).toMatchObject(denied);
  }
}
/** A statement kept as text, for it.each tables (run with tx.unsafe). */
const sql_ = (parts: TemplateStringsArray) => parts.join('');
const count = async (tx: Tx, table: string) =>
  Number((await tx.unsafe(`select count(*)::int as n from public.${table}`))[0]!.n);

beforeAll(async () => {
  scratch = await createScratchDatabase(baseUrl, 'lrjn_rls');
  sql = postgres(scratch.url, { max: 2, prepare: false, onnotice: () => undefined });
  await sql.unsafe(readFileSync(path.join(process.cwd(), 'tests/helpers/supabase-stand-in.sql'), 'utf8'));
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    await sql.begin((tx) => tx.unsafe(readFileSync(path.join(MIGRATIONS, file), 'utf8')));
  }
  // Fixtures, as the owner (not subject to RLS).
  await sql`insert into auth.users (id, email) values
    (${ids.alice}, 'alice@example.org'), (${ids.bob}, 'bob@example.org'), (${ids.admin}, 'admin@example.org')`;
  await sql`insert into user_roles (user_id, role_name) values (${ids.admin}, 'admin'), (${ids.alice}, 'staff')`;
  await sql`insert into courses (id, title, published, price) values
    (${ids.published}, 'Open', true, 0), (${ids.priced}, 'Priced', true, 49), (${ids.draft}, 'Draft', false, 0)`;
  await sql`insert into course_enrollments (user_id, course_id) values
    (${ids.alice}, ${ids.published}), (${ids.bob}, ${ids.published})`;
  await sql`insert into user_course_progress (user_id, course_id, progress) values
    (${ids.alice}, ${ids.published}, 10), (${ids.bob}, ${ids.published}, 50)`;
  await sql`insert into newsletter_subscribers (email) values ('existing@example.org')`;
  await sql`insert into enquiries (name, email, message) values ('E', 'e@example.org', 'An earlier enquiry')`;
  await sql`insert into volunteers (name, email, phone, membership_type, country, location)
    values ('V', 'v@example.org', '0113 496 0000', 'individual', 'United Kingdom', 'Leeds')`;
  await sql`insert into homepage_content (subtitle) values ('Hero')`;
  await sql`insert into outbox (kind, payload) values ('enquiry.forward', '{}'::jsonb)`;
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await scratch?.drop();
});

describe('Supabase schema', () => {
  it('has row-level security on every table in public', async () => {
    const tables = await sql`select relname, relrowsecurity from pg_class
      where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`;
    // Every table the Drizzle migrations create is here (the Supabase copy is generated from them).
    expect(tables.map((t) => t.relname)).toEqual(
      expect.arrayContaining(['courses', 'enquiries', 'local_users', 'outbox']),
    );
    expect(tables.filter((t) => !t.relrowsecurity).map((t) => t.relname)).toEqual([]);
  });

  it('checks admins with a SECURITY DEFINER is_admin() whose search_path is fixed', async () => {
    const [fn] =
      await sql`select prosecdef, proconfig from pg_proc where oid = 'public.is_admin()'::regprocedure`;
    expect(fn!.prosecdef).toBe(true);
    expect(fn!.proconfig).toEqual(['search_path=""']);
    expect(await as(admin, async (tx) => (await tx`select public.is_admin() as a`)[0]!.a)).toBe(true);
    expect(await as(alice, async (tx) => (await tx`select public.is_admin() as a`)[0]!.a)).toBe(false);
    expect(await as(anon, async (tx) => (await tx`select public.is_admin() as a`)[0]!.a)).toBe(false);
  });

  it('lets the app start on it: Drizzle finds the schema migration recorded and applies nothing', async () => {
    const handle = await openDatabase({ databaseUrl: scratch.url });
    try {
      const applied = await handle.db.execute(
        drizzleSql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(readFileSync('lib/db/migrations/meta/_journal.json', 'utf8')) as {
        entries: [];
      };
      expect((applied as unknown as { n: number }[])[0]!.n).toBe(journal.entries.length);
      const { created } = await upsertNewsletterSubscriber(handle.db, {
        email: 'server@example.org',
        locale: 'en',
      });
      expect(created).toBe(true);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe.each([
  ['anon', anon],
  ['a signed-in user', alice],
])('forms, as %s', (_label, who) => {
  // Only the server (as owner, after zod, the spam guard, rate limits and the outbox) stores submissions: a direct
  // insert with the public key would skip all of that, and an enquiry would never be forwarded.
  it.each([
    [
      'newsletter_subscribers',
      sql_`insert into newsletter_subscribers (email, locale) values ('new@example.org', 'fr')`,
    ],
    [
      'enquiries',
      sql_`insert into enquiries (name, email, message) values ('N', 'n@example.org', 'Hello from the form')`,
    ],
    [
      'volunteers',
      sql_`insert into volunteers (name, email, phone, membership_type, interests, country, location)
        values ('N', 'n@example.org', '0113 496 0001', 'organization', '{events}', 'Ghana', 'Accra')`,
    ],
  ])('may not insert into %s directly', async (_table, statement) => {
    await expect(as(who, (tx) => tx.unsafe(statement))).rejects.toMatchObject(denied);
  });

  it('reads, changes and deletes none of the submissions', async () => {
    for (const table of ['newsletter_subscribers', 'enquiries', 'volunteers', 'outbox'])
      await readsNone(who, table);
    await changesNothing(who, `update enquiries set message = 'changed'`);
    await changesNothing(who, `update volunteers set name = 'changed'`);
    await changesNothing(who, `delete from newsletter_subscribers`);
    expect((await sql`select message from enquiries`).map((r) => r.message)).toEqual(['An earlier enquiry']);
  });

  it('cannot write to the outbox, courses or the homepage content', async () => {
    await expect(
      as(who, (tx) => tx`insert into outbox (kind, payload) values ('x', '{}')`),
    ).rejects.toMatchObject(denied);
    await expect(as(who, (tx) => tx`insert into courses (title) values ('Mine')`)).rejects.toMatchObject(
      denied,
    );
    await expect(
      as(who, (tx) => tx`insert into homepage_content (subtitle) values ('x')`),
    ).rejects.toMatchObject(denied);
    await changesNothing(who, `update homepage_content set subtitle = 'defaced'`);
  });

  it('reads published courses only, and the homepage content', async () => {
    const courses = await as(who, (tx) => tx`select id from courses`);
    expect(courses.map((c) => c.id).sort()).toEqual([ids.published, ids.priced].sort());
    expect(await as(who, (tx) => count(tx, 'homepage_content'))).toBe(1);
  });
});

describe('enrolments and progress', () => {
  it('the public sees none and may create none', async () => {
    await readsNone(anon, 'course_enrollments');
    await readsNone(anon, 'user_course_progress');
    await expect(
      as(
        anon,
        (tx) =>
          tx`insert into course_enrollments (user_id, course_id) values (${ids.alice}, ${ids.published})`,
      ),
    ).rejects.toMatchObject(denied);
  });

  it('a user reads only their own enrolments, and can neither change nor delete them', async () => {
    await as(alice, async (tx) => {
      const rows = await tx`select user_id from course_enrollments`;
      expect(rows.map((r) => r.user_id)).toEqual([ids.alice]);
      // Nothing in the app updates an enrolment through the API: the course, status and payment belong to the server.
      expect(
        (await tx`update course_enrollments set payment_id = 'p1' where user_id = ${ids.alice}`).count,
      ).toBe(0);
      expect(
        (await tx`update course_enrollments set payment_id = 'p2' where user_id = ${ids.bob}`).count,
      ).toBe(0);
      expect((await tx`delete from course_enrollments`).count).toBe(0);
    });
    const bobs = await as(bob, (tx) => tx`select user_id from course_enrollments`);
    expect(bobs.map((r) => r.user_id)).toEqual([ids.bob]);
  });

  it('a user cannot move their free enrolment to a priced course, or change its status or amount (H1)', async () => {
    await as(alice, async (tx) => {
      expect(
        (
          await tx`update course_enrollments set course_id = ${ids.priced}, payment_method = 'stripe',
          payment_id = 'forged' where user_id = ${ids.alice}`
        ).count,
      ).toBe(0);
      expect(
        (await tx`update course_enrollments set status = 'active', amount = 0 where user_id = ${ids.alice}`)
          .count,
      ).toBe(0);
    });
    const [row] =
      await sql`select course_id, payment_method, payment_id from course_enrollments where user_id = ${ids.alice}`;
    expect(row).toMatchObject({ course_id: ids.published, payment_method: 'free', payment_id: null });
  });

  it('a user may enrol themselves in a free published course only: not priced, not a draft, not for someone else (H1)', async () => {
    const fresh = crypto.randomUUID();
    await sql`insert into auth.users (id) values (${fresh})`;
    const newcomer: Who = { role: 'authenticated', sub: fresh };
    const [enrolled] = await as(
      newcomer,
      (tx) =>
        tx`insert into course_enrollments (user_id, course_id) values (${fresh}, ${ids.published}) returning status, amount`,
    );
    expect(enrolled).toMatchObject({ status: 'active', amount: '0.00' });
    const refused = [
      // The paywall: a priced course, however the row is dressed up.
      sql_`insert into course_enrollments (user_id, course_id) values ($1, $2)`,
      sql_`insert into course_enrollments (user_id, course_id, status, payment_method, amount) values ($1, $2, 'active', 'admin', 0)`,
      sql_`insert into course_enrollments (user_id, course_id, payment_method, amount, payment_id) values ($1, $2, 'stripe', 49, 'forged')`,
    ];
    for (const statement of refused) {
      await expect(as(newcomer, (tx) => tx.unsafe(statement, [fresh, ids.priced]))).rejects.toMatchObject(
        denied,
      );
    }
    // A free course, but a forged payment record or another state.
    await expect(
      as(
        newcomer,
        (tx) =>
          tx`insert into course_enrollments (user_id, course_id, payment_method, payment_id) values (${fresh}, ${ids.published}, 'stripe', 'x')`,
      ),
    ).rejects.toMatchObject(denied);
    await expect(
      as(
        newcomer,
        (tx) =>
          tx`insert into course_enrollments (user_id, course_id, status) values (${fresh}, ${ids.published}, 'completed')`,
      ),
    ).rejects.toMatchObject(denied);
    await expect(
      as(
        newcomer,
        (tx) => tx`insert into course_enrollments (user_id, course_id) values (${ids.alice}, ${ids.draft})`,
      ),
    ).rejects.toMatchObject(denied);
    await expect(
      as(
        newcomer,
        (tx) => tx`insert into course_enrollments (user_id, course_id) values (${fresh}, ${ids.draft})`,
      ),
    ).rejects.toMatchObject(denied);
    expect(
      await as(
        alice,
        async (tx) =>
          (await tx`update course_enrollments set user_id = ${ids.bob} where user_id = ${ids.alice}`).count,
      ),
    ).toBe(0);
  });

  it('a user writes progress only under an active enrolment of their own (H1)', async () => {
    // Alice is enrolled in the free course only: progress for the priced one is refused, on insert and by moving a row.
    await expect(
      as(
        alice,
        (tx) =>
          tx`insert into user_course_progress (user_id, course_id, progress) values (${ids.alice}, ${ids.priced}, 100)`,
      ),
    ).rejects.toMatchObject(denied);
    await expect(
      as(
        alice,
        (tx) => tx`update user_course_progress set course_id = ${ids.priced} where user_id = ${ids.alice}`,
      ),
    ).rejects.toMatchObject(denied);
    // Without any enrolment, no progress at all.
    const stranger = crypto.randomUUID();
    await sql`insert into auth.users (id) values (${stranger})`;
    await expect(
      as(
        { role: 'authenticated', sub: stranger },
        (tx) =>
          tx`insert into user_course_progress (user_id, course_id, progress) values (${stranger}, ${ids.published}, 100)`,
      ),
    ).rejects.toMatchObject(denied);
  });

  it('a user upserts and reads only their own progress', async () => {
    await as(alice, async (tx) => {
      const [row] =
        await tx`insert into user_course_progress (user_id, course_id, completed_lessons, progress)
        values (${ids.alice}, ${ids.published}, '{intro}', 30)
        on conflict (user_id, course_id) do update set completed_lessons = excluded.completed_lessons,
          progress = excluded.progress, last_accessed = now()
        returning progress`;
      expect(row!.progress).toBe(30);
      const rows = await tx`select user_id, progress from user_course_progress`;
      expect(rows.map((r) => [r.user_id, r.progress])).toEqual([[ids.alice, 30]]);
      expect(
        (await tx`update user_course_progress set progress = 100 where user_id = ${ids.bob}`).count,
      ).toBe(0);
    });
    await expect(
      as(
        alice,
        (tx) => tx`insert into user_course_progress (user_id, course_id) values (${ids.bob}, ${ids.draft})`,
      ),
    ).rejects.toMatchObject(denied);
  });
});

describe('roles and admins', () => {
  it('a user reads only their own roles and cannot make themselves admin', async () => {
    const roles = await as(alice, (tx) => tx`select user_id, role_name from user_roles`);
    expect(roles.map((r) => [r.user_id, r.role_name])).toEqual([[ids.alice, 'staff']]);
    await expect(
      as(alice, (tx) => tx`insert into user_roles (user_id, role_name) values (${ids.alice}, 'admin')`),
    ).rejects.toMatchObject(denied);
    expect(
      await as(
        alice,
        async (tx) =>
          (await tx`update user_roles set role_name = 'admin' where user_id = ${ids.alice}`).count,
      ),
    ).toBe(0);
  });

  it('an admin reads and writes everything', async () => {
    await as(admin, async (tx) => {
      expect(await count(tx, 'newsletter_subscribers')).toBeGreaterThanOrEqual(1);
      expect(await count(tx, 'enquiries')).toBeGreaterThanOrEqual(1);
      expect(await count(tx, 'volunteers')).toBeGreaterThanOrEqual(1);
      expect(await count(tx, 'outbox')).toBe(1);
      expect(await count(tx, 'courses')).toBe(3);
      expect(await count(tx, 'course_enrollments')).toBeGreaterThanOrEqual(2);
      expect(await count(tx, 'user_course_progress')).toBe(2);
      expect(await count(tx, 'user_roles')).toBe(2);
      await tx`insert into courses (title) values ('Another draft')`;
      expect((await tx`update enquiries set forward_status = 'sent'`).count).toBeGreaterThanOrEqual(1);
      await tx`insert into user_roles (user_id, role_name) values (${ids.bob}, 'admin')`;
      expect((await tx`delete from outbox`).count).toBe(1);
    });
  });

  it('staff (issue 17) get nothing through the API beyond their own role row: the back office is server-side', async () => {
    for (const table of ['enquiries', 'enquiry_notes', 'admin_audit']) await readsNone(alice, table);
    await changesNothing(alice, `update enquiries set status = 'closed'`);
    await expect(
      as(alice, (tx) => tx`insert into admin_audit (actor_email, action) values ('alice@example.org', 'x')`),
    ).rejects.toMatchObject(denied);
    await expect(as(anon, (tx) => tx`select * from user_roles`)).rejects.toMatchObject(denied);
  });

  it('admins read the audit trail but cannot rewrite it; enquiry notes are the server’s alone (NL8)', async () => {
    await sql`insert into admin_audit (actor_email, action) values ('cli', 'role.set')`;
    const [enquiry] = await sql`select id from enquiries limit 1`;
    await sql`insert into enquiry_notes (enquiry_id, kind, author_email, body)
      values (${enquiry!.id}, 'note', 'admin@example.org', 'Called back')`;
    expect(await as(admin, (tx) => count(tx, 'admin_audit'))).toBe(1);
    // The staff inbox is served by the server (as owner): internal notes are not for the API, even for admins.
    await expect(as(admin, (tx) => count(tx, 'enquiry_notes'))).rejects.toMatchObject(denied);
    await expect(
      as(
        admin,
        (tx) => tx`insert into enquiry_notes (enquiry_id, kind, author_email, body)
          values (${enquiry!.id}, 'note', 'admin@example.org', 'Forged')`,
      ),
    ).rejects.toMatchObject(denied);
    await expect(as(admin, (tx) => tx`delete from admin_audit`)).rejects.toMatchObject(denied);
    await expect(as(admin, (tx) => tx`update admin_audit set action = 'x'`)).rejects.toMatchObject(denied);
  });

  it('service_role bypasses row-level security, as on Supabase', async () => {
    await as(service, async (tx) => {
      expect(await count(tx, 'outbox')).toBe(1);
      expect(await count(tx, 'user_roles')).toBe(2);
    });
  });
});

describe('course platform (units, lessons, materials, certificates)', () => {
  const c = {
    openUnit: crypto.randomUUID(),
    draftUnit: crypto.randomUUID(),
    openLesson: crypto.randomUUID(),
    draftLesson: crypto.randomUUID(),
    aliceCertificate: crypto.randomUUID(),
    bobCertificate: crypto.randomUUID(),
    pricedUnit: crypto.randomUUID(),
    pricedLesson: crypto.randomUUID(),
    carol: crypto.randomUUID(),
  };
  /** Carol holds an active enrolment in the priced course (as after a payment); Alice none. */
  const pricedStudent: Who = { role: 'authenticated', sub: c.carol };

  beforeAll(async () => {
    await sql`insert into course_units (id, course_id, title) values
      (${c.openUnit}, ${ids.published}, 'Open unit'), (${c.draftUnit}, ${ids.draft}, 'Draft unit')`;
    await sql`insert into course_lessons (id, unit_id, title) values
      (${c.openLesson}, ${c.openUnit}, 'Open lesson'), (${c.draftLesson}, ${c.draftUnit}, 'Draft lesson')`;
    await sql`insert into course_materials (course_id, filename, storage_path, content_type, size_bytes) values
      (${ids.published}, 'open.pdf', '1_open.pdf', 'application/pdf', 10),
      (${ids.draft}, 'draft.pdf', '1_draft.pdf', 'application/pdf', 10)`;
    await sql`insert into course_certificates
      (id, user_id, course_id, student_name, course_title, certificate_title, certificate_description) values
      (${c.aliceCertificate}, ${ids.alice}, ${ids.published}, 'Alice A', 'Open', 'Certificate of Completion', 'Done.'),
      (${c.bobCertificate}, ${ids.bob}, ${ids.published}, 'Bob B', 'Open', 'Certificate of Completion', 'Done.')`;
    // The priced course: rolled back by no test, so every reader below sees the same rows.
    await sql`insert into course_units (id, course_id, title) values (${c.pricedUnit}, ${ids.priced}, 'Paid unit')`;
    await sql`insert into course_lessons (id, unit_id, title, body, video_url) values
      (${c.pricedLesson}, ${c.pricedUnit}, 'Paid lesson', 'PAID LESSON BODY', 'https://video.example/paid')`;
    await sql`insert into course_materials (course_id, lesson_id, filename, storage_path, content_type, size_bytes)
      values (${ids.priced}, ${c.pricedLesson}, 'paid.pdf', '123_paid.pdf', 'application/pdf', 10)`;
    await sql`insert into auth.users (id, email) values (${c.carol}, 'carol@example.org')`;
    await sql`insert into course_enrollments (user_id, course_id, status, payment_method, amount)
      values (${c.carol}, ${ids.priced}, 'active', 'stripe', 49)`;
  });

  it.each([
    ['anon', anon],
    ['a signed-in user who is not a student of it', alice],
  ])('NM2: %s reads no lesson body, video URL or material row of a priced course', async (_label, who) => {
    await as(who, async (tx) => {
      expect(
        await tx`select title, body, video_url from course_lessons where unit_id = ${c.pricedUnit}`,
      ).toEqual([]);
      expect(await tx`select filename from course_materials where course_id = ${ids.priced}`).toEqual([]);
      expect((await tx`select id from course_lessons`).map((r) => r.id)).not.toContain(c.pricedLesson);
    });
  });

  it('NM2: a student whose enrolment is not active reads none of it either', async () => {
    await sql
      .begin(async (tx) => {
        await tx`update course_enrollments set status = 'cancelled' where user_id = ${c.carol}`;
        await tx.unsafe(`set local role authenticated`);
        await tx`select set_config('request.jwt.claim.sub', ${c.carol}, true)`;
        expect(await tx`select body from course_lessons where unit_id = ${c.pricedUnit}`).toEqual([]);
        expect(await tx`select filename from course_materials where course_id = ${ids.priced}`).toEqual([]);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });

  it.each([
    ['an active student of the course', pricedStudent],
    ['an admin', admin],
  ])('NM2: %s reads the priced course’s lessons and materials', async (_label, who) => {
    await as(who, async (tx) => {
      expect(await tx`select body, video_url from course_lessons where unit_id = ${c.pricedUnit}`).toEqual([
        { body: 'PAID LESSON BODY', video_url: 'https://video.example/paid' },
      ]);
      expect(
        (await tx`select filename from course_materials where course_id = ${ids.priced}`).map(
          (r) => r.filename,
        ),
      ).toEqual(['paid.pdf']);
    });
  });

  it.each([
    ['anon', anon],
    ['a signed-in user', alice],
    ['a student of the priced course', pricedStudent],
  ])('NM2: %s still reads the free published course’s lessons and materials', async (_label, who) => {
    await as(who, async (tx) => {
      expect(
        (await tx`select id from course_lessons where unit_id = ${c.openUnit}`).map((r) => r.id),
      ).toEqual([c.openLesson]);
      expect(
        (await tx`select filename from course_materials where course_id = ${ids.published}`).map(
          (r) => r.filename,
        ),
      ).toEqual(['open.pdf']);
    });
  });

  it('NM2: anyone reads a published course’s outline (titles only) through course_outline()', async () => {
    const [fn] =
      await sql`select prosecdef, proconfig from pg_proc where oid = 'public.course_outline(uuid)'::regprocedure`;
    expect(fn).toMatchObject({ prosecdef: true, proconfig: ['search_path=""'] });
    for (const who of [anon, alice]) {
      const rows = await as(who, (tx) => tx`select * from public.course_outline(${ids.priced})`);
      expect(rows).toEqual([
        {
          unit_id: c.pricedUnit,
          unit_title: 'Paid unit',
          unit_position: 0,
          lesson_id: c.pricedLesson,
          lesson_title: 'Paid lesson',
          lesson_position: 0,
        },
      ]);
      expect(await as(who, (tx) => tx`select * from public.course_outline(${ids.draft})`)).toEqual([]);
    }
  });

  it.each([
    ['anon', anon],
    ['a signed-in user', alice],
  ])(
    '%s reads the units of published courses only, the free course’s lessons and materials, and writes none',
    async (_label, who) => {
      await as(who, async (tx) => {
        expect((await tx`select id from course_units`).map((r) => r.id).sort()).toEqual(
          [c.openUnit, c.pricedUnit].sort(),
        );
        expect((await tx`select id from course_lessons`).map((r) => r.id)).toEqual([c.openLesson]);
        expect((await tx`select filename from course_materials`).map((r) => r.filename)).toEqual([
          'open.pdf',
        ]);
      });
      await changesNothing(who, `update course_lessons set title = 'defaced'`);
      await changesNothing(who, `delete from course_units`);
      await expect(
        as(who, (tx) => tx`insert into course_units (course_id, title) values (${ids.published}, 'Mine')`),
      ).rejects.toMatchObject(denied);
      await expect(
        as(who, (tx) => tx`insert into course_lessons (unit_id, title) values (${c.openUnit}, 'Mine')`),
      ).rejects.toMatchObject(denied);
      await expect(
        as(
          who,
          (
            tx,
          ) => tx`insert into course_materials (course_id, filename, storage_path, content_type, size_bytes)
          values (${ids.published}, 'x.pdf', '2_x.pdf', 'application/pdf', 1)`,
        ),
      ).rejects.toMatchObject(denied);
      await expect(
        as(who, (tx) => tx`select public.insert_test_course('T', 'D', 25, ${ids.alice})`),
      ).rejects.toMatchObject(denied);
    },
  );

  it('a user reads only their own certificates and cannot issue or change one', async () => {
    await as(alice, async (tx) => {
      expect((await tx`select id from course_certificates`).map((r) => r.id)).toEqual([c.aliceCertificate]);
      expect((await tx`update course_certificates set student_name = 'Forged'`).count).toBe(0);
      expect((await tx`delete from course_certificates`).count).toBe(0);
    });
    await readsNone(anon, 'course_certificates');
    await expect(
      as(
        alice,
        (tx) => tx`insert into course_certificates
          (user_id, course_id, student_name, course_title, certificate_title, certificate_description)
          values (${ids.alice}, ${ids.draft}, 'Alice', 'Draft', 'T', 'D')`,
      ),
    ).rejects.toMatchObject(denied);
  });

  it('anyone verifies a certificate by id through verify_certificate(), without the user id', async () => {
    const [fn] =
      await sql`select prosecdef, proconfig from pg_proc where oid = 'public.verify_certificate(uuid)'::regprocedure`;
    expect(fn).toMatchObject({ prosecdef: true, proconfig: ['search_path=""'] });
    for (const who of [anon, bob]) {
      const rows = await as(who, (tx) => tx`select * from public.verify_certificate(${c.aliceCertificate})`);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: c.aliceCertificate,
        student_name: 'Alice A',
        course_title: 'Open',
      });
      expect(Object.keys(rows[0]!)).not.toContain('user_id');
      expect(
        await as(who, (tx) => tx`select * from public.verify_certificate(${crypto.randomUUID()})`),
      ).toHaveLength(0);
    }
  });

  it('an admin reads drafts and writes units, lessons, materials, and creates the test course by rpc', async () => {
    await as(admin, async (tx) => {
      expect(await count(tx, 'course_units')).toBe(3);
      expect(await count(tx, 'course_lessons')).toBe(3);
      expect(await count(tx, 'course_materials')).toBe(3);
      expect(await count(tx, 'course_certificates')).toBe(2);
      await tx`insert into course_units (course_id, title, position) values (${ids.draft}, 'Another', 1)`;
      expect((await tx`update course_lessons set title = 'Edited' where id = ${c.draftLesson}`).count).toBe(
        1,
      );
      const [made] = await tx`select public.insert_test_course('Test Course', 'D', 25, ${ids.admin}) as id`;
      const [course] = await tx`select price, published, created_by from courses where id = ${made!.id}`;
      expect(course).toMatchObject({ price: '25.00', published: false, created_by: ids.admin });
    });
  });

  it('deleting a user deletes their certificates', async () => {
    // As the owner (Supabase Auth deletes users itself), rolled back.
    let left = -1;
    await sql
      .begin(async (tx) => {
        await tx`delete from auth.users where id = ${ids.bob}`;
        left = await count(tx, 'course_certificates');
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(left).toBe(1);
  });
});

describe('Storage: the private bucket documents (course materials)', () => {
  const stored = '1732300000000_existing.pdf';
  const upload = (tx: Tx, name: string, bucket = 'documents') =>
    tx`insert into storage.objects (bucket_id, name, metadata)
      values (${bucket}, ${name}, ${tx.json({ mimetype: 'application/pdf' })})`;
  const names = async (tx: Tx) =>
    (await tx`select name from storage.objects where bucket_id = 'documents' order by name`).map(
      (o) => o.name,
    );

  beforeAll(async () => {
    // As the owner (the Storage API's own writes are not subject to RLS): an existing material, another bucket.
    await sql`insert into storage.objects (bucket_id, name) values ('documents', ${stored})`;
    await sql`insert into storage.buckets (id, name, public) values ('elsewhere', 'elsewhere', false)`;
  });

  it('is private, with the size limit and MIME types lib/courses accepts', async () => {
    const [bucket] =
      await sql`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'documents'`;
    expect(bucket!.public).toBe(false);
    expect(Number(bucket!.file_size_limit)).toBe(MATERIAL_MAX_BYTES);
    expect([...(bucket!.allowed_mime_types as string[])].sort()).toEqual(
      [...new Set(Object.values(MATERIAL_TYPES))].sort(),
    );
  });

  it.each([
    ['anon', anon],
    ['a signed-in user who is not an admin', alice],
  ])('%s cannot upload, list, replace or delete materials', async (_label, who) => {
    await expect(as(who, (tx) => upload(tx, '1732300000001_mine.pdf'))).rejects.toMatchObject(denied);
    await as(who, async (tx) => {
      expect(await names(tx)).toEqual([]);
      expect((await tx`update storage.objects set metadata = '{}' where name = ${stored}`).count).toBe(0);
      expect((await tx`delete from storage.objects where name = ${stored}`).count).toBe(0);
    });
    expect((await sql`select count(*)::int as n from storage.objects where name = ${stored}`)[0]!.n).toBe(1);
  });

  it('an admin uploads, lists, replaces and deletes materials, in this bucket only', async () => {
    await as(admin, async (tx) => {
      await upload(tx, '1732300000002_new.pdf');
      expect(await names(tx)).toEqual([stored, '1732300000002_new.pdf']);
      expect((await tx`update storage.objects set metadata = '{}' where name = ${stored}`).count).toBe(1);
      expect((await tx`delete from storage.objects where name = ${stored} returning name`).length).toBe(1);
      expect(await names(tx)).toEqual(['1732300000002_new.pdf']);
    });
    await expect(as(admin, (tx) => upload(tx, 'x.pdf', 'elsewhere'))).rejects.toMatchObject(denied);
  });

  /**
   * Materials of the free, the priced and the draft course, with Bob enrolled in the priced one and Alice's
   * enrolment there cancelled, all in one rolled-back transaction: as the owner, then as `who`, the objects of the
   * bucket `who` can see (what Storage lets them download or list).
   */
  async function readableBy(who: Who): Promise<string[]> {
    let seen: string[] = [];
    await sql
      .begin(async (tx) => {
        for (const [course, name] of [
          [ids.published, 'free.pdf'],
          [ids.priced, 'priced.pdf'],
          [ids.draft, 'draft.pdf'],
        ] as const) {
          await tx`insert into course_materials (course_id, filename, storage_path, content_type, size_bytes)
            values (${course}, ${name}, ${name}, 'application/pdf', 10)`;
          await tx`insert into storage.objects (bucket_id, name) values ('documents', ${name})`;
        }
        await tx`insert into course_enrollments (user_id, course_id, status) values
          (${ids.bob}, ${ids.priced}, 'active'), (${ids.alice}, ${ids.priced}, 'cancelled')`;
        await tx.unsafe(`set local role ${who.role}`);
        await tx`select set_config('request.jwt.claim.sub', ${who.sub ?? ''}, true)`;
        seen = await names(tx);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    return seen;
  }

  it.each([
    ['anon: the free course only', anon, ['free.pdf']],
    [
      'a student whose enrolment in the priced course was cancelled: the free course only',
      alice,
      ['free.pdf'],
    ],
    [
      'a student enrolled in the priced course: the free and the priced course',
      bob,
      ['free.pdf', 'priced.pdf'],
    ],
    [
      'an admin: everything, drafts and unrecorded objects included',
      admin,
      [stored, 'draft.pdf', 'free.pdf', 'priced.pdf'],
    ],
  ])('downloads follow the course: %s', async (_label, who, expected) => {
    expect(await readableBy(who)).toEqual(expected);
  });

  it('checks downloads with a SECURITY DEFINER may_read_material() whose search_path is fixed', async () => {
    const [fn] =
      await sql`select prosecdef, proconfig from pg_proc where oid = 'public.may_read_material(text)'::regprocedure`;
    expect(fn!.prosecdef).toBe(true);
    expect(fn!.proconfig).toEqual(['search_path=""']);
  });

  it('service_role bypasses the policies, as on Supabase', async () => {
    await as(service, async (tx) => {
      await upload(tx, 'x.pdf', 'elsewhere');
      expect(await names(tx)).toEqual([stored]);
    });
  });
});

describe('back-office roles on Supabase Auth accounts (issue 17)', () => {
  it('the server sets and lists roles by the emails of auth.users, as `npm run user:role` does there', async () => {
    const handle = await openDatabase({ databaseUrl: scratch.url });
    try {
      expect(await setRoleByEmail(handle.db, 'Bob@Example.org', 'staff', { supabase: true })).toMatchObject({
        status: 'changed',
        userId: ids.bob,
      });
      const holders = await listRoleHolders(handle.db, { supabase: true });
      expect(holders.map((h) => [h.email, h.role])).toEqual([
        ['admin@example.org', 'admin'],
        ['alice@example.org', 'staff'],
        ['bob@example.org', 'staff'],
      ]);
      expect(await setRoleByEmail(handle.db, 'bob@example.org', null, { supabase: true })).toMatchObject({
        status: 'changed',
      });
      expect(await setRoleByEmail(handle.db, 'nobody@example.org', 'staff', { supabase: true })).toEqual({
        status: 'no-such-user',
      });
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe('table privileges of the API keys (NL8)', () => {
  /** What each key may hold, table by table: only what some policy can use (20261202010500). */
  const DML = 'DELETE,INSERT,SELECT,UPDATE';
  const allowed: Record<'anon' | 'authenticated', Record<string, string>> = {
    anon: {
      course_lessons: 'SELECT',
      course_materials: 'SELECT',
      course_units: 'SELECT',
      courses: 'SELECT',
      homepage_content: 'SELECT',
    },
    authenticated: {
      admin_audit: 'SELECT',
      course_certificates: DML,
      course_enrollments: DML,
      course_lessons: DML,
      course_materials: DML,
      course_units: DML,
      courses: DML,
      enquiries: DML,
      homepage_content: DML,
      newsletter_subscribers: DML,
      outbox: DML,
      user_course_progress: DML,
      user_roles: DML,
      volunteers: DML,
    },
  };

  it('anon and authenticated hold exactly the allow-listed grants on public tables (no TRUNCATE anywhere)', async () => {
    const rows = await sql`select grantee, table_name,
        string_agg(privilege_type, ',' order by privilege_type) as privileges
      from information_schema.role_table_grants
      where table_schema = 'public' and grantee in ('anon', 'authenticated')
      group by grantee, table_name order by grantee, table_name`;
    const held: Record<string, Record<string, string>> = { anon: {}, authenticated: {} };
    for (const row of rows) held[row.grantee as string]![row.table_name as string] = row.privileges as string;
    expect(held).toEqual(allowed);
  });

  it('a table created later gets no privilege for either key until a migration grants one', async () => {
    await sql
      .begin(async (tx) => {
        await tx`create table public.later_table (id int)`;
        const grants = await tx`select grantee from information_schema.role_table_grants
          where table_name = 'later_table' and grantee in ('anon', 'authenticated')`;
        expect(grants).toEqual([]);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });

  const secretTables = ['local_users', 'local_sessions', 'local_email_tokens', 'enquiry_notes'];
  it.each([
    ['anon', anon],
    ['a signed-in user', alice],
    ['an admin', admin],
  ])('%s is refused every statement on the local accounts and the internal notes', async (_label, who) => {
    for (const table of secretTables) {
      const [first] = await sql`select attname from pg_attribute
        where attrelid = ${`public.${table}`}::regclass and attnum = 1`;
      for (const statement of [
        `select * from public.${table}`,
        `truncate public.${table} cascade`,
        `delete from public.${table}`,
        `update public.${table} set ${first!.attname} = ${first!.attname}`,
      ])
        await expect(
          as(who, (tx) => tx.unsafe(statement)),
          statement,
        ).rejects.toMatchObject(denied);
    }
    await expect(
      as(who, (tx) => tx`insert into local_users (email, password_hash) values ('mallory@example.org', 'x')`),
    ).rejects.toMatchObject(denied);
  });

  it.each([
    ['anon', anon],
    ['a signed-in user', alice],
    ['an admin', admin],
  ])('%s cannot TRUNCATE any table (TRUNCATE is not subject to row-level security)', async (_label, who) => {
    const tables = await sql`select relname from pg_class
      where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`;
    for (const { relname } of tables)
      await expect(
        as(who, (tx) => tx.unsafe(`truncate public.${relname as string} cascade`)),
        relname as string,
      ).rejects.toMatchObject(denied);
    expect((await sql`select count(*)::int as n from enquiries`)[0]!.n).toBeGreaterThan(0);
  });
});
