import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/lib/config/env';
import { buildSiteConfig } from '@/lib/config/site';
import { faqPageJsonLd, organizationJsonLd, serializeJsonLd, webPageJsonLd } from '@/lib/seo/json-ld';

const site = buildSiteConfig(parseEnv({}));

describe('serializeJsonLd', () => {
  it('escapes < so content cannot close the script element', () => {
    const data = { '@type': 'Thing', name: 'Evil </script><script>alert(1)</script>' };
    const out = serializeJsonLd(data);
    expect(out).not.toContain('</script>');
    expect(out).not.toContain('<');
    expect(out).toContain('\\u003c/script>');
    expect(JSON.parse(out)).toEqual(data);
  });
});

describe('organizationJsonLd', () => {
  it('describes the charity as an NGO', () => {
    const org = organizationJsonLd(site);
    expect(org['@context']).toBe('https://schema.org');
    expect(org['@type']).toBe('NGO');
    expect(org.name).toBe(site.name);
    expect(org.url).toBe('http://localhost:3000');
    expect(org['@id']).toBe('http://localhost:3000/#organization');
    expect(org.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: 'Leeds',
      addressCountry: 'GB',
    });
    const sameAs = org.sameAs as string[];
    expect(sameAs).toHaveLength(5);
    for (const url of sameAs) expect(url).toMatch(/^https:\/\//);
    expect(sameAs).toContain(site.social.youtube);
  });

  it('follows the site config', () => {
    const custom = buildSiteConfig(parseEnv({ SITE_URL: 'https://org.example.com/', SITE_NAME: 'Custom' }));
    const org = organizationJsonLd(custom);
    expect(org.name).toBe('Custom');
    expect(org.logo).toBe('https://org.example.com/icon.svg');
  });
});

describe('webPageJsonLd', () => {
  it('builds absolute URLs and links to the organisation', () => {
    const page = webPageJsonLd(site, { url: '/about', name: 'About', description: 'd', inLanguage: 'en-GB' });
    expect(page['@type']).toBe('WebPage');
    expect(page.url).toBe('http://localhost:3000/about');
    expect(page.publisher).toEqual({ '@id': 'http://localhost:3000/#organization' });
  });
});

describe('faqPageJsonLd', () => {
  it('maps questions and answers', () => {
    const faq = faqPageJsonLd([
      { question: 'Q1?', answer: 'A1.' },
      { question: 'Q2?', answer: 'A2.' },
    ]);
    expect(faq).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Q1?', acceptedAnswer: { '@type': 'Answer', text: 'A1.' } },
        { '@type': 'Question', name: 'Q2?', acceptedAnswer: { '@type': 'Answer', text: 'A2.' } },
      ],
    });
  });

  it('handles an empty list', () => {
    expect(faqPageJsonLd([]).mainEntity).toEqual([]);
  });
});
