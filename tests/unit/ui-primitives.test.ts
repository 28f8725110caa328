import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Button, buttonClass } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, type ControlProps } from '@/components/ui/field';
import { Input, TextField } from '@/components/ui/input';
import { Section } from '@/components/ui/section';
import { Select } from '@/components/ui/select';
import { StatusNotice } from '@/components/ui/status-notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';

/** The value of an attribute on the first `tag` element of rendered markup (null when absent). */
function attr(html: string, tag: string, name: string): string | null {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0] ?? '';
  return new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1] ?? null;
}

/** The text of the element with an id (no nested elements in the primitives' messages). */
function textById(html: string, id: string): string | null {
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;
}

/** The text inside the first `tag` element, tags stripped. */
function text(html: string, tag: string): string {
  const inner = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(html)?.[1] ?? '';
  return inner.replace(/<[^>]+>/g, '');
}

describe('Button and ButtonLink', () => {
  it('renders a non-submitting <button> in the primary look by default', () => {
    const html = renderToStaticMarkup(h(Button, null, 'Go'));
    expect(html).toMatch(/^<button type="button"/);
    expect(attr(html, 'button', 'class')!.split(' ')).toEqual(
      expect.arrayContaining(['btn', 'btn-primary', 'btn-md', 'rounded-full']),
    );
  });

  it('gives each variant its own colours and keeps extra classes', () => {
    expect(buttonClass('outline')).toBe('btn btn-outline btn-md rounded-full');
    expect(buttonClass('danger', 'sm')).toBe('btn btn-danger btn-sm rounded-full');
    expect(buttonClass('primary', 'lg', 'rounded')).toBe('btn btn-primary btn-lg rounded-lg');
    const html = renderToStaticMarkup(h(Button, { variant: 'outline', className: 'mt-4' }, 'Back'));
    expect(attr(html, 'button', 'class')).toBe('btn btn-outline btn-md rounded-full mt-4');
  });

  it('has a stylesheet rule for every class a look can name', () => {
    const css = readFileSync(new URL('../../app/globals.css', import.meta.url), 'utf8');
    const variants = ['primary', 'outline', 'danger', 'accent', 'inverse'] as const;
    const sizes = ['sm', 'md', 'lg'] as const;
    const names = new Set(
      variants
        .flatMap((v) => sizes.flatMap((z) => buttonClass(v, z).split(' ')))
        .filter((c) => c.startsWith('btn')),
    );
    for (const name of names) expect(css, name).toMatch(new RegExp(`\\.${name} \\{`));
  });

  it('finds a rule for every btn-* class written out in app/ and components/', () => {
    const root = new URL('../../', import.meta.url).pathname;
    const css = readFileSync(path.join(root, 'app/globals.css'), 'utf8');
    const files = ['app', 'components'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.tsx'))
        .map((f) => path.join(root, dir, f)),
    );
    const used = new Set(
      files.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/className="[^"]*"/g)].flatMap(
          (m) => m[0].match(/\bbtn(?:-[a-z]+)?\b/g) ?? [],
        ),
      ),
    );
    expect(used.size).toBeGreaterThan(2);
    for (const name of used) expect(css, name).toMatch(new RegExp(`\\.${name} \\{`));
  });

  it('renders a site path as a locale-prefixed <a> and an external URL as a plain <a>', () => {
    const site = renderToStaticMarkup(h(ButtonLink, { href: '/contact' }, 'Contact'));
    expect(site).toMatch(/^<a /);
    expect(site).toContain('href="/contact"');
    const external = renderToStaticMarkup(
      h(ButtonLink, { href: 'https://example.org/', external: true, variant: 'accent' }, 'Out'),
    );
    expect(external).toMatch(/^<a href="https:\/\/example.org\/"/);
    expect(attr(external, 'a', 'class')).toContain('btn-accent');
  });
});

describe('Field and controls', () => {
  it('links the label to the control and the control to its hint and error', () => {
    const html = renderToStaticMarkup(
      h(Field, {
        label: 'Email',
        hint: 'We reply here',
        error: 'Enter an email',
        required: true,
        children: (control: ControlProps) => h(Input, { ...control, name: 'email' }),
      }),
    );
    const id = attr(html, 'input', 'id');
    expect(id).toBeTruthy();
    expect(attr(html, 'label', 'for')).toBe(id);
    expect(text(html, 'label')).toContain('Email');
    expect(html).toContain('<span aria-hidden="true">*</span>');
    const [hintId = '', errorId = '', ...rest] = attr(html, 'input', 'aria-describedby')!.split(' ');
    expect(rest).toEqual([]);
    expect(textById(html, hintId)).toBe('We reply here');
    expect(textById(html, errorId)).toBe('Enter an email');
    expect(attr(html, 'input', 'aria-invalid')).toBe('true');
    expect(attr(html, 'input', 'aria-required')).toBe('true');
  });

  it('leaves aria-invalid and aria-describedby off a valid field without a hint', () => {
    const html = renderToStaticMarkup(h(TextField, { label: 'Name', name: 'name' }));
    expect(attr(html, 'input', 'aria-invalid')).toBeNull();
    expect(attr(html, 'input', 'aria-describedby')).toBeNull();
    expect(attr(html, 'input', 'type')).toBe('text');
    expect(attr(html, 'label', 'for')).toBe(attr(html, 'input', 'id'));
  });

  it('renders select and textarea in the compact or the form look', () => {
    const select = renderToStaticMarkup(h(Select, { compact: true, name: 's' }, h('option', null, 'A')));
    expect(select).toMatch(/^<select/);
    expect(select).not.toContain('w-full');
    expect(renderToStaticMarkup(h(Textarea, { name: 't' }))).toContain('w-full');
  });
});

describe('SubmitButton', () => {
  it('shows the busy label, disables itself and says aria-busy while pending', () => {
    const html = renderToStaticMarkup(h(SubmitButton, { busyLabel: 'Sending...', pending: true }, 'Send'));
    expect(attr(html, 'button', 'type')).toBe('submit');
    expect(text(html, 'button')).toBe('Sending...');
    expect(attr(html, 'button', 'disabled')).toBe('');
    expect(attr(html, 'button', 'aria-busy')).toBe('true');
  });

  it('shows its label and is enabled when idle (outside a pending form)', () => {
    const html = renderToStaticMarkup(h(SubmitButton, { busyLabel: 'Sending...' }, 'Send'));
    expect(text(html, 'button')).toBe('Send');
    expect(attr(html, 'button', 'disabled')).toBeNull();
    expect(attr(html, 'button', 'aria-busy')).toBeNull();
  });
});

describe('StatusNotice, Section, Card, EmptyState', () => {
  it('keeps an empty live region, alert for errors and status otherwise', () => {
    expect(renderToStaticMarkup(h(StatusNotice, { tone: 'error' }))).toBe(
      '<div role="alert" aria-live="assertive"></div>',
    );
    const html = renderToStaticMarkup(h(StatusNotice, { tone: 'success' }, 'Saved'));
    expect(attr(html, 'div', 'role')).toBe('status');
    expect(text(html, 'div')).toBe('Saved');
  });

  it('labels a section by its h2', () => {
    const html = renderToStaticMarkup(h(Section, { titleId: 'faq-title', title: 'FAQ', intro: 'Asked' }));
    expect(attr(html, 'section', 'aria-labelledby')).toBe('faq-title');
    expect(attr(html, 'h2', 'id')).toBe('faq-title');
    expect(text(html, 'h2')).toBe('FAQ');
  });

  it('renders a card as the element asked for', () => {
    expect(renderToStaticMarkup(h(Card, { as: 'li' }, 'x'))).toMatch(/^<li class="[^"]*border-border/);
  });

  it('renders an empty list as one muted sentence, and an empty page with its heading and way on', () => {
    const line = renderToStaticMarkup(h(EmptyState, { compact: true, children: 'No events' }));
    expect(line).toMatch(/^<p class="[^"]*border-dashed[^"]*p-8[^"]*text-muted[^"]*">No events<\/p>$/);
    const page = renderToStaticMarkup(
      h(EmptyState, {
        title: 'Coming soon',
        action: h(ButtonLink, { href: '/contact' }, 'Contact'),
        children: 'Soon',
      }),
    );
    expect(text(page, 'h2')).toBe('Coming soon');
    expect(page).toContain('Soon');
    expect(attr(page, 'a', 'href')).toBe('/contact');
  });
});
