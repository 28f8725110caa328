import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type DatabaseHandle, listAudit, listAuditActions, recordAudit } from '@/lib/db';
import { testEngines } from '@/tests/helpers/test-engines';

/**
 * D8: the audit trail is read back for /admin/audit (lib/db/queries/audit.ts): newest first, paginated, filtered by
 * actor, action kind (exact or a family), target and a range of UK days; LIKE wildcards typed by a person match
 * themselves.
 */
describe.each(testEngines('lrjn_audit'))('the audit trail on $name', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  const entries = [
    // [actor, action, target, created at (UTC)]
    ['ada@example.org', 'role.set', 'ben@example.org', '2026-11-01T09:00:00Z'],
    ['ben@example.org', 'enquiry.reply', '5d9c0a52-8b1c-4f25-9a1e-0c8b6f6d1a11', '2026-11-02T23:30:00Z'],
    ['cli', 'role.set', 'ada@example.org', '2026-11-03T08:00:00Z'],
    ['ada@example.org', 'course.create', 'c0ffee00-0000-4000-8000-000000000001', '2026-11-04T10:00:00Z'],
    ['ada@example.org', 'course.lesson.add', 'c0ffee00-0000-4000-8000-000000000001', '2026-11-05T10:00:00Z'],
    ['ada_x@example.org', 'network.status', '100%_done', '2026-11-06T10:00:00Z'],
  ] as const;

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
    for (const [actorEmail, action, target] of entries)
      await recordAudit(handle.db, { actorId: null, actorEmail, action, target });
    // Back-date them (recordAudit stamps now()), oldest first.
    for (const [, action, target, at] of entries)
      await handle.db.execute(
        `update admin_audit set created_at = '${at}' where action = '${action}' and target = '${target}'` as never,
      );
  }, 60_000);
  afterAll(async () => {
    await dispose?.();
  });

  const page = { page: 1, pageSize: 50 };
  const actions = async (query: Parameters<typeof listAudit>[1]) =>
    (await listAudit(handle.db, query)).rows.map((r) => r.action);

  it('lists newest first with the total, a page at a time', async () => {
    const all = await listAudit(handle.db, page);
    expect(all.total).toBe(6);
    expect(all.rows.map((r) => r.action)).toEqual([
      'network.status',
      'course.lesson.add',
      'course.create',
      'role.set',
      'enquiry.reply',
      'role.set',
    ]);
    const second = await listAudit(handle.db, { page: 2, pageSize: 4 });
    expect(second).toMatchObject({ total: 6 });
    expect(second.rows.map((r) => r.action)).toEqual(['enquiry.reply', 'role.set']);
  });

  it('filters by actor, action kind or family, target and days', async () => {
    expect(await actions({ ...page, action: 'role.set' })).toEqual(['role.set', 'role.set']);
    expect(await actions({ ...page, action: 'course.' })).toEqual(['course.lesson.add', 'course.create']);
    expect(await actions({ ...page, action: 'course' })).toEqual([]);
    expect(await actions({ ...page, actor: 'BEN@' })).toEqual(['enquiry.reply']);
    expect(await actions({ ...page, target: 'ben@example' })).toEqual(['role.set']);
    expect(await actions({ ...page, actor: 'ada', action: 'role.set', target: 'ben' })).toEqual(['role.set']);
    // 23:30 UTC on 2 November is still 2 November in London (GMT); 3 November starts at midnight there.
    expect(await actions({ ...page, from: '2026-11-02', until: '2026-11-02' })).toEqual(['enquiry.reply']);
    expect(await actions({ ...page, from: '2026-11-05' })).toEqual(['network.status', 'course.lesson.add']);
    expect(await actions({ ...page, until: '2026-11-01' })).toEqual(['role.set']);
  });

  it('matches % and _ literally', async () => {
    expect(await actions({ ...page, actor: 'ada_' })).toEqual(['network.status']);
    expect(await actions({ ...page, target: '100%' })).toEqual(['network.status']);
    expect(await actions({ ...page, target: '%' })).toEqual(['network.status']);
  });

  it('names every action kind the trail holds, for the filter', async () => {
    expect(await listAuditActions(handle.db)).toEqual([
      'course.create',
      'course.lesson.add',
      'enquiry.reply',
      'network.status',
      'role.set',
    ]);
  });
});
