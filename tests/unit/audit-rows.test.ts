import { describe, expect, it } from 'vitest';

import { auditRow, auditTargetHref } from '@/lib/back-office/audit';
import { parseAuditQuery, parseStaffSearch } from '@/lib/back-office/filters';

/**
 * D8: how /admin/audit reads an entry (lib/back-office/audit.ts): where its target opens (the person page or the
 * record), the role or status change its detail records; and the page's lenient query parser.
 */
const ID = '5d9c0a52-8b1c-4f25-9a1e-0c8b6f6d1a11';
const USER = 'c0ffee00-0000-4000-8000-000000000001';
const entry = (action: string, target: string | null, detail: Record<string, unknown> = {}) => ({
  id: ID,
  actorId: null,
  actorEmail: 'ada@example.org',
  action,
  target,
  detail,
  createdAt: new Date('2026-12-02T10:00:00Z'),
});

describe('audit entries as the page shows them', () => {
  it('links the target to the person page or the record where there is one', () => {
    expect(auditTargetHref(entry('role.set', 'ben@example.org', { userId: USER }))).toBe(
      `/admin/people/user-${USER}`,
    );
    expect(auditTargetHref(entry('role.set', 'ben@example.org', {}))).toBeNull();
    expect(auditTargetHref(entry('enquiry.reply', ID))).toBe(`/admin/enquiries/${ID}`);
    expect(auditTargetHref(entry('network.status', ID))).toBe(`/admin/people/member-${ID}`);
    expect(auditTargetHref(entry('newsletter.unsubscribe', ID))).toBe(`/admin/people/subscriber-${ID}`);
    expect(auditTargetHref(entry('course.lesson.add', ID))).toBe(`/courses/manage/${ID}`);
    expect(auditTargetHref(entry('outbox.retry', ID))).toBe('/admin/outbox');
    // Nobody in particular, or a target that is not an id (an address, a hand-made entry).
    expect(auditTargetHref(entry('network.export', null))).toBeNull();
    expect(auditTargetHref(entry('person.erase', null))).toBeNull();
    expect(auditTargetHref(entry('enquiry.reply', '../../evil'))).toBeNull();
  });

  it('reads a role change and a status change from the detail', () => {
    expect(auditRow(entry('role.set', 'b@example.org', { before: null, after: 'staff' })).roleChange).toEqual(
      {
        before: null,
        after: 'staff',
      },
    );
    expect(
      auditRow(entry('role.set', 'b@example.org', { before: 'root', after: 'admin' })).roleChange,
    ).toEqual({
      before: null,
      after: 'admin',
    });
    expect(auditRow(entry('enquiry.update', ID, { status: ['new', 'answered'] })).statusChange).toEqual({
      before: 'new',
      after: 'answered',
    });
    expect(auditRow(entry('network.status', ID, { status: 'active' })).statusChange).toEqual({
      before: null,
      after: 'active',
    });
    expect(auditRow(entry('outbox.retry', ID, { kind: 'enquiry.reply' }))).toMatchObject({
      roleChange: null,
      statusChange: null,
    });
  });
});

describe('the audit page’s query', () => {
  it('keeps what is well formed and drops the rest', () => {
    expect(
      parseAuditQuery({
        actor: ' Ada@ ',
        action: 'role.set',
        target: 'ben',
        from: '2026-11-01',
        until: '2026-11-30',
        page: '2',
      }),
    ).toEqual({
      actor: 'Ada@',
      action: 'role.set',
      target: 'ben',
      from: '2026-11-01',
      until: '2026-11-30',
      page: 2,
    });
    expect(parseAuditQuery({ action: 'course.' }).action).toBe('course.');
    expect(
      parseAuditQuery({
        actor: 'x'.repeat(201),
        action: "role.set' or 1=1",
        from: '01/11/2026',
        until: '2026-13-45',
        page: '-3',
      }),
    ).toEqual({
      actor: undefined,
      action: undefined,
      target: undefined,
      from: undefined,
      until: undefined,
      page: 1,
    });
    expect(parseAuditQuery({ actor: ['a', 'b'], page: ['2', '3'] })).toMatchObject({
      actor: undefined,
      page: 1,
    });
    expect(parseStaffSearch({ q: ' Staff@ ' })).toBe('Staff@');
    expect(parseStaffSearch({ q: '' })).toBeUndefined();
  });
});
