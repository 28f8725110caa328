import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { FilterForm } from '@/components/ui/filter-form';

const base = {
  id: 'network-filters',
  action: '/admin/network',
  submitLabel: 'Apply filters',
  search: { label: 'Search by name, email or organisation', value: 'josé' },
  selects: [
    {
      name: 'status',
      label: 'Status',
      value: 'active',
      any: 'Any',
      options: [
        { value: 'new', label: 'New' },
        { value: 'active', label: 'Active' },
      ],
    },
  ],
};

describe('FilterForm (components/ui/filter-form.tsx)', () => {
  it('is a labelled GET search landmark whose controls are all labelled native fields', () => {
    const html = renderToStaticMarkup(h(FilterForm, { ...base, label: 'Filter the network registrations' }));
    const form = /^<form [^>]*>/.exec(html)?.[0] ?? '';
    for (const part of [
      'id="network-filters"',
      'role="search"',
      'aria-label="Filter the network registrations"',
      'action="/admin/network"',
      'method="get"',
    ])
      expect(form).toContain(part);
    expect(html).toMatch(
      /<label[^>]*>Search by name, email or organisation<span[^>]*>.*<input type="search"[^>]* name="q" value="josé"/,
    );
    expect(html).toMatch(/<label[^>]*>Status<select name="status"/);
    expect(html).toContain('<option value="">Any</option>');
    expect(html).toContain('<option value="active" selected="">Active</option>');
    expect(html).toMatch(/<button type="submit"[^>]*>Apply filters<\/button>/);
    expect(html).not.toContain('Clear');
    // Without `label` the form has no name of its own, so the search box's label names only the box (archive).
    expect(/^<form [^>]*>/.exec(renderToStaticMarkup(h(FilterForm, base)))?.[0]).not.toContain('aria-label');
  });

  it('keeps the other query parameters (never page, never its own fields) and offers Clear', () => {
    const html = renderToStaticMarkup(
      h(FilterForm, {
        ...base,
        layout: 'toolbar',
        keep: { sort: 'name', page: '3', status: 'new', view: '' },
        clear: { href: '/admin/network', label: 'Clear filters' },
      }),
    );
    expect(html).toContain('<input type="hidden" name="sort" value="name"/>');
    expect(html).not.toContain('name="page"');
    expect(html).not.toContain('type="hidden" name="status"');
    expect(html).not.toContain('name="view"');
    expect(html).toMatch(/<a [^>]*href="\/admin\/network"[^>]*>Clear filters<\/a>/);
  });
});
