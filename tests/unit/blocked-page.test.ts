import { describe, expect, it } from 'vitest';

import { blockedPageHtml } from '@/lib/screening/blocked-page';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import pt from '@/messages/pt.json';

describe('blockedPageHtml', () => {
  it('renders the English page', () => {
    const html = blockedPageHtml('en', 42, 'Site');
    expect(html).toContain('Access Blocked');
    expect(html).toContain('Your request has been identified as potentially malicious.');
    expect(html).toContain('Please wait 42 seconds');
    expect(html).not.toContain('{seconds}');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Access Blocked | Site</title>');
    expect(html).toContain('href="/"');
    expect(html.toLowerCase()).not.toContain('<script');
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  it('renders the French page with its own title and home link', () => {
    const html = blockedPageHtml('fr', 7, 'Site');
    expect(html).toContain('<html lang="fr">');
    const title = fr.Blocked.title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).not.toContain(en.Blocked.title);
    expect(html).toContain('7');
    expect(html).toContain('href="/fr"');
  });

  it.each([
    ['es', es.Blocked.title],
    ['pt', pt.Blocked.title],
  ] as const)('renders %s', (locale, title) => {
    const html = blockedPageHtml(locale, 3, 'Site');
    expect(html).toContain(`lang="${locale}"`);
    expect(html).toContain(title);
    expect(html).toContain(`href="/${locale}"`);
  });

  it('escapes the site name', () => {
    const html = blockedPageHtml('en', 1, '<b>Evil</b> & "Co"');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;b&#62;Evil&#60;/b&#62; &#38; &#34;Co&#34;');
  });
});
