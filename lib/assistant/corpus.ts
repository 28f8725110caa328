import 'server-only';

import { randomUUID } from 'node:crypto';

import { unstable_cache } from 'next/cache';

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

import { TAGS } from '@/lib/cache/tags';

import { buildAssistantIndex, type AssistantDoc, type AssistantIndex } from './retrieval';

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

/** The documents and their search index, built together. */
export type AssistantCorpus = { docs: readonly AssistantDoc[]; index: AssistantIndex };

/** Every cache tag `loadAssistantDocs` reads under (lib/cms): a revalidation of any of them changes the corpus. */
export const CORPUS_TAGS = [
  TAGS.all,
  TAGS.posts,
  TAGS.pages,
  TAGS.events,
  TAGS.reports,
  TAGS.causes,
  TAGS.vacancies,
] as const;

/** The CMS reads' own time-based revalidation (lib/cms/client.ts), so the corpus follows it too. */
const CORPUS_REVALIDATE_SECONDS = 3600;

/**
 * The corpus version: a random token kept in Next's data cache under CORPUS_TAGS, so it changes when any of those
 * tags is revalidated, on any instance (with Redis the tag invalidations are shared, lib/cache), and once an hour.
 * Reading it costs one small cache read instead of reading and converting the whole corpus.
 */
const cachedVersion = unstable_cache(async () => randomUUID(), ['assistant-corpus-version'], {
  tags: [...CORPUS_TAGS],
  revalidate: CORPUS_REVALIDATE_SECONDS,
});

async function corpusVersion(): Promise<string> {
  try {
    return await cachedVersion();
  } catch {
    // Outside a Next server (scripts, unit tests) there is no data cache: one corpus per process.
    return 'no-data-cache';
  }
}

export type CorpusMemoOptions = {
  load: () => Promise<AssistantDoc[]>;
  version: () => Promise<string>;
  now?: () => number;
  /** Never rebuild more often than this, whatever the version says (a cache that keeps nothing changes it every read). */
  minRebuildMs?: number;
  /**
   * After a rebuild caused by a new version, build once more this much later: right after `revalidateTag(tag,
   * 'max')` the CMS reads may still hand out their stale copies while they refresh in the background.
   */
  settleMs?: number;
};

/**
 * One corpus per content version (pure apart from the injected reads): the first call builds it, later calls with
 * the same version reuse it, a new version (a revalidation) builds it again, at most once per `minRebuildMs` and
 * once more `settleMs` later. Concurrent calls share one build. A failed build rejects (the caller answers with
 * an error event); the previous corpus, if any, stays in use for the next call.
 */
export function createCorpusMemo({
  load,
  version,
  now = () => Date.now(),
  minRebuildMs = 10_000,
  settleMs = 60_000,
}: CorpusMemoOptions) {
  let memo: { version: string; corpus: AssistantCorpus; builtAt: number; settleAt?: number } | undefined;
  let building: Promise<AssistantCorpus> | undefined;
  let builds = 0;

  const build = (v: string, changed: boolean) =>
    (building ??= (async () => {
      try {
        const docs = await load();
        const corpus = { docs, index: buildAssistantIndex(docs) };
        builds++;
        const at = now();
        memo = { version: v, corpus, builtAt: at, settleAt: changed ? at + settleMs : undefined };
        return corpus;
      } finally {
        building = undefined;
      }
    })());

  return {
    async get(): Promise<AssistantCorpus> {
      const v = await version();
      if (!memo) return build(v, false);
      const t = now();
      const due = memo.version !== v || (memo.settleAt !== undefined && t >= memo.settleAt);
      if (!due || t - memo.builtAt < minRebuildMs) return memo.corpus;
      return build(v, memo.version !== v);
    },
    /** How many times the corpus was built (for tests and the log). */
    get builds() {
      return builds;
    },
  };
}

let shared: ReturnType<typeof createCorpusMemo> | undefined;

/**
 * The site's assistant corpus (documents and index), built once per content revalidation rather than per message:
 * see `createCorpusMemo` and `corpusVersion`.
 */
export function assistantCorpus(): Promise<AssistantCorpus> {
  shared ??= createCorpusMemo({ load: loadAssistantDocs, version: corpusVersion });
  return shared.get();
}
