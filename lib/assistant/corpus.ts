import 'server-only';

import {
  getArchiveEntries,
  getCauses,
  getContentRefs,
  getEvents,
  getPage,
  getReports,
  getVacancies,
  htmlToText,
} from '@/lib/cms';
import { namespaceTranslator } from '@/i18n/messages';
import { eventView } from '@/lib/events/model';
import { eventWhenText } from '@/lib/events/when';

import type { AssistantDoc } from './retrieval';

/**
 * WordPress pages that have a route of their own on this site (docs/SPEC-NOTES.md §2 route table), by slug. Other pages are
 * left out: `/{slug}` would redirect to the blog, so a citation would lead nowhere.
 */
const PAGE_ROUTES: Record<string, string> = {
  home: '/',
  about: '/about',
  'our-work': '/our-work',
  contact: '/contact',
  community: '/community',
  donate: '/donate',
  'privacy-policy': '/privacy-policy',
  'race-and-climate-justice': '/race-and-climate-justice',
  'unlearning-racism': '/unlearning-racism',
  'pastoral-work': '/pastoral-work',
  'stop-the-scan': '/stop-the-scan',
};

/**
 * Every published post, page (with a route), event, report, cause and vacancy as plain-text documents for the
 * assistant's index. Data: the tagged, cached getters of `@/lib/cms`, so a revalidation (webhook) gives new data
 * here too. A failing content type is left out (logged) rather than failing the reply.
 */
export async function loadAssistantDocs(): Promise<AssistantDoc[]> {
  const safe = async <T>(what: string, read: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await read();
    } catch (error) {
      console.error(`[assistant] could not read ${what}:`, (error as Error).message);
      return [];
    }
  };

  const eventTimes = await namespaceTranslator('en', 'EventTimes');
  const [entries, pages, events, reports, causes, vacancies] = await Promise.all([
    safe('posts', getArchiveEntries),
    safe('pages', async () => {
      const refs = await getContentRefs('pages');
      const found = await Promise.all(refs.filter((r) => r.slug in PAGE_ROUTES).map((r) => getPage(r.slug)));
      return found.filter((p) => p !== null);
    }),
    safe('events', getEvents),
    safe('reports', getReports),
    safe('causes', getCauses),
    safe('vacancies', getVacancies),
  ]);

  const docs: AssistantDoc[] = [];
  for (const e of entries) {
    if (e.type !== 'post') continue;
    docs.push({
      kind: 'post',
      slug: e.slug,
      title: e.title,
      excerpt: e.excerpt,
      text: e.text,
      url: e.url,
      modified: e.modified,
    });
  }
  for (const p of pages) {
    docs.push({
      kind: 'page',
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      text: htmlToText(p.html),
      url: PAGE_ROUTES[p.slug]!,
      modified: p.modified,
    });
  }
  for (const e of events) {
    const view = eventView(e);
    // Date and place first: "when/where is…" questions need them, and the passage picker starts at the best sentence.
    const when = eventWhenText(view, 'en', 'to', eventTimes);
    const facts = [when ? `When: ${when}.` : '', view.location ? `Where: ${view.location}.` : '']
      .filter(Boolean)
      .join(' ');
    docs.push({
      kind: 'event',
      slug: e.slug,
      title: e.title,
      excerpt: [facts, e.excerpt].filter(Boolean).join(' '),
      text: htmlToText(e.html),
      url: `/event/${e.slug}`,
      modified: e.modified,
    });
  }
  for (const r of reports) {
    docs.push({
      kind: 'report',
      slug: r.slug,
      title: r.title,
      excerpt: r.excerpt,
      text: htmlToText(r.html),
      url: `/reports/${r.slug}`,
      modified: r.modified,
    });
  }
  for (const c of causes) {
    docs.push({
      kind: 'cause',
      slug: c.slug,
      title: c.title,
      excerpt: c.shortDescription || c.excerpt,
      text: htmlToText(c.html),
      url: `/causes/${c.slug}`,
      modified: c.modified,
    });
  }
  for (const v of vacancies) {
    docs.push({
      kind: 'vacancy',
      slug: v.slug,
      title: v.title,
      excerpt: v.excerpt,
      text: htmlToText(v.html),
      url: `/vacancies/${v.slug}`,
      modified: v.modified,
    });
  }
  return docs;
}
