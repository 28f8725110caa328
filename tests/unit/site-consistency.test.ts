import { describe, expect, it } from 'vitest';

import { getBlogPage } from '@/lib/blog/list';
import {
  FOOTER_CAUSES,
  HOME_INITIATIVES,
  PROGRAMME_ORDER,
  orderProgrammes,
  pickCauses,
} from '@/lib/causes/programmes';
import { getCauses } from '@/lib/cms';
import type { Cause } from '@/lib/cms/types';
import { siteConfig } from '@/lib/config/site';
import { keywordList, pageMetadata } from '@/lib/seo/metadata';

import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import pt from '@/messages/pt.json';

/** Issue 19 items 3, 4 and 10: one list of causes, paged lists that never overrun, metadata. */
const cause = (slug: string): Cause => ({ slug, title: slug }) as Cause;

describe('one list of programmes (causes)', () => {
  it('puts the spec’s seven first, in order, then the others in the order the CMS gave', () => {
    const ordered = orderProgrammes(
      ['zeta', 'unlearning-racism', 'alpha', 'race-and-climate-justice', 'stop-the-scan'].map(cause),
    );
    expect(ordered.map((c) => c.slug)).toEqual([
      'race-and-climate-justice',
      'stop-the-scan',
      'unlearning-racism',
      'zeta',
      'alpha',
    ]);
  });

  it('keeps every cause of the content (nine in the demo content), the footer’s six among them', async () => {
    const all = orderProgrammes(await getCauses());
    expect(all).toHaveLength(9);
    expect(all.slice(0, PROGRAMME_ORDER.length).map((c) => c.slug)).toEqual([...PROGRAMME_ORDER]);
    for (const slug of [
      'training-and-facilitation',
      'migration-and-securitisation',
      'collective-conversations',
    ])
      expect(all.map((c) => c.slug)).toContain(slug);
  });

  it('the home page shows the spec’s seven initiatives in its order, the footer its six', async () => {
    const all = await getCauses();
    expect(pickCauses(all, HOME_INITIATIVES).map((c) => c.title)).toEqual([
      'Race and Climate Justice',
      'Responses and Actions',
      'Stop The Scan',
      'Pastoral Work',
      'Collective Conversations',
      'International Solidarities',
      'Unlearning Racism',
    ]);
    expect(pickCauses(all, FOOTER_CAUSES).map((c) => c.slug)).toEqual([...FOOTER_CAUSES]);
    // A cause the CMS does not have is left out, never invented.
    expect(pickCauses([cause('pastoral-work')], HOME_INITIATIVES).map((c) => c.slug)).toEqual([
      'pastoral-work',
    ]);
  });

  it('the home section is “Our Initiatives” (the spec’s name); Our work, /causes and the footer say “Our causes”', () => {
    expect(en.HomePage.initiativesHeading).toBe('Our Initiatives');
    expect([es, fr, pt].map((m) => m.HomePage.initiativesHeading)).toEqual([
      'Nuestras iniciativas',
      'Nos initiatives',
      'As nossas iniciativas',
    ]);
    expect(en.HomePage.causesHeading).toBe(en.Causes.title);
    expect(en.Footer.causesHeading).toBe(en.Causes.title);
  });
});

describe('navigation labels are the titles of the pages they open', () => {
  it('labels /blog “Resources” as the spec says, and the blog list’s heading agrees', () => {
    expect(en.Header.blog).toBe('Resources');
    expect(en.Header.blog).toBe(en.Blog.heading);
    for (const [messages, label] of [
      [es, 'Recursos'],
      [fr, 'Ressources'],
      [pt, 'Recursos'],
    ] as const) {
      expect(messages.Header.blog).toBe(label);
      expect(messages.Blog.heading).toBe(label);
    }
    expect(en.Header.contact).toBe(en.Contact.title);
    expect(en.Header.login).toBe(en.Auth.loginTitle);
  });
});

describe('paged blog lists (issue 19 item 4)', () => {
  const state = { q: '', category: undefined, sort: 'date', order: 'desc', page: 99 } as const;

  it('answers a page past the last with the last page, never an empty page under a full count', async () => {
    const list = await getBlogPage({ ...state });
    expect(list.totalPages).toBeGreaterThan(1);
    expect(list.page).toBe(list.totalPages);
    expect(list.posts.length).toBeGreaterThan(0);
  });
});

describe('page metadata (issue 19 items 3 and 10)', () => {
  const site = siteConfig();

  it('titles every page “{page} | {site name}”, the home page too (the layout template does not reach it)', () => {
    const home = pageMetadata({ locale: 'en', path: '/', title: en.Header.home, description: 'd' });
    expect(home.title).toEqual({ absolute: `Home | ${site.name}` });
    expect(home.openGraph?.title).toBe(`Home | ${site.name}`);
  });

  it('adds keywords: the page’s own first, then the site’s', () => {
    const meta = pageMetadata({
      locale: 'en',
      path: '/blog/x',
      title: 'X',
      description: 'd',
      keywords: { own: ['Community', 'racial justice'], site: en.Metadata.keywords },
    });
    const keywords = meta.keywords as string[];
    expect(keywords.slice(0, 2)).toEqual(['Community', 'racial justice']);
    expect(keywords).toContain('Leeds');
    expect(new Set(keywords).size).toBe(keywords.length);
    expect(keywordList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
  });

  it('gives og:image and twitter:image as absolute URLs of their final address', () => {
    const meta = pageMetadata({
      locale: 'es',
      path: '/blog/x',
      title: 'X',
      description: 'd',
      image: '/blog/x/social-image',
    });
    const url = `${new URL(site.url).origin}/blog/x/social-image`;
    expect(meta.openGraph?.images).toEqual([{ url }]);
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image', images: [{ url }] });
    expect(url).not.toMatch(/\/(en|es)\//);
  });
});
