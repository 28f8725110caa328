import { type ReactNode, createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderServer } from '../helpers/render-server';

import en from '@/messages/en.json';

/**
 * D8: the audit page's components render an entry as staff read it (components/back-office/audit-list.tsx): the
 * translated action, the actor and the target linked to their person page or record, the role change in words,
 * the time in a <time>; the filters as a named search form offering each kind, and an area's family when it has
 * several. English messages through a small stand-in for next-intl's server translator.
 */
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => createElement('a', { href }, children),
}));
vi.mock('next-intl/server', () => ({
  getTranslations: async ({ namespace }: { namespace: string }) => {
    const table = namespace
      .split('.')
      .reduce<unknown>((t, k) => (t as Record<string, unknown>)[k], en) as Record<string, unknown>;
    const lookup = (key: string) =>
      key.split('.').reduce<unknown>((t, k) => (t as Record<string, unknown>)?.[k], table);
    const t = (key: string, values: Record<string, unknown> = {}) => {
      const text = lookup(key);
      if (typeof text !== 'string') throw new Error(`missing message ${namespace}.${key}`);
      return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
    };
    return Object.assign(t, { has: (key: string) => typeof lookup(key) === 'string' });
  },
}));

const { AuditFilters, AuditTable } = await import('@/components/back-office/audit-list');
const { auditRow } = await import('@/lib/back-office/audit');

const ADA = 'c0ffee00-0000-4000-8000-000000000001';
const BEN = 'c0ffee00-0000-4000-8000-000000000002';

describe('the audit page', () => {
  it('shows who, what, to whom (linked) and when, and the change in words', async () => {
    const row = auditRow({
      id: '5d9c0a52-8b1c-4f25-9a1e-0c8b6f6d1a11',
      actorId: ADA,
      actorEmail: 'ada@example.org',
      action: 'role.set',
      target: 'ben@example.org',
      detail: { userId: BEN, before: null, after: 'staff' },
      createdAt: new Date('2026-12-02T10:05:00Z'),
    });
    const cli = auditRow({
      ...row,
      id: 'x',
      actorId: null,
      actorEmail: 'cli',
      action: 'made.up',
      target: null,
    });
    const html = await renderServer(
      createElement(AuditTable, { locale: 'en', query: { page: 1 }, rows: [row, cli], total: 2, pages: 1 }),
    );
    expect(html).toContain('Entries: 2');
    expect(html).toContain(`<a href="/admin/people/user-${ADA}">ada@example.org</a>`);
    expect(html).toContain('Role changed');
    expect(html).toContain(`<a href="/admin/people/user-${BEN}">ben@example.org</a>`);
    expect(html).toContain('no role → Staff');
    expect(html).toContain('<time dateTime="2026-12-02T10:05:00.000Z">');
    // The command line by name, and a kind without a label as its code (never a missing message).
    expect(html).toContain('Command line');
    expect(html).toContain('made.up');
  });

  it('says when nothing matches, and pages Newer/Older', async () => {
    const empty = await renderServer(
      createElement(AuditTable, {
        locale: 'en',
        query: { page: 1, actor: 'x' },
        rows: [],
        total: 0,
        pages: 1,
      }),
    );
    expect(empty).toContain('Nothing matches these filters.');
    const paged = await renderServer(
      createElement(AuditTable, {
        locale: 'en',
        query: { page: 2, action: 'role.set' },
        rows: [],
        total: 120,
        pages: 3,
      }),
    );
    expect(paged).toContain('href="/admin/audit?action=role.set"');
    expect(paged).toMatch(/href="\/admin\/audit\?page=3&amp;action=role\.set"/);
    expect(paged).toContain('Page 2 of 3');
  });

  it('offers each kind by its label, and the family of an area with several kinds', async () => {
    const html = await renderServer(
      createElement(AuditFilters, {
        locale: 'en',
        query: { page: 1, action: 'course.' },
        actions: ['course.create', 'course.lesson.add', 'role.set'],
      }),
    );
    expect(html).toContain('role="search" aria-label="Filter the audit trail"');
    expect(html).toMatch(/<option value="course\."( selected="")?>All course changes<\/option>/);
    expect(html).toContain('<option value="role.set">Role changed</option>');
    expect(html).not.toContain('value="role."');
    expect(html).toContain('Clear filters');
  });
});
