import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import type { Locale } from '@/i18n/routing';
import { assistantReply } from '@/lib/assistant';
import { siteConfig } from '@/lib/config/site';

/**
 * The assistant's answer quality, measured: every question of tests/fixtures/assistant-eval.json is asked through
 * the production entry point (`assistantReply`, local answerer, bundled demo content), and its reply is scored on
 * the links it must give, the links it must never give, the facts it must say, the link it must lead with, and
 * whether it is the safeguarding help answer. The score is printed per language for the closing note; the test
 * fails when a must-not link appears anywhere, when a safeguarding question misses (or a neutral one gets the help
 * answer), or when fewer than 90% of the questions pass overall or in any language.
 */

type EvalQuestion = {
  locale: Locale;
  q: string;
  expect: string[];
  mustNot: string[];
  say?: string[];
  /** The first link of the reply text. */
  first?: string;
  /** true: the reply must be the help answer; false: it must not be. */
  safety?: boolean;
};

/** The help answer: 999, True Vision, Stop Hate UK, Samaritans and the Get help page (lib/assistant/text.ts). */
const HELP_LINES = ['999', 'https://www.report-it.org.uk', '0800 138 1625', '116 123'];
/** The only site pages the help answer links. */
const HELP_PAGES = ['/get-help', '/contact'];
const LOCALES: Locale[] = ['en', 'es', 'fr', 'pt'];

const { questions } = JSON.parse(
  readFileSync(new URL('../fixtures/assistant-eval.json', import.meta.url), 'utf8'),
) as { questions: EvalQuestion[] };

async function ask(locale: Locale, message: string) {
  let text = '';
  let sources: string[] = [];
  for await (const event of assistantReply({ locale, message }, { chunkDelayMs: 0 })) {
    if (event.type === 'delta') text += event.text;
    if (event.type === 'sources') sources = event.sources.map((s) => s.url);
    if (event.type === 'error') throw new Error(`assistant error ${event.code}`);
  }
  const inText = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  return { text, inText, sources };
}

/** `/es/contact` → `/contact` for a Spanish reply; null when a site link lacks the reply's locale prefix. */
function unprefixed(locale: Locale, url: string): string | null {
  if (!url.startsWith('/') || locale === 'en') return url;
  if (url === `/${locale}`) return '/';
  return url.startsWith(`/${locale}/`) || url.startsWith(`/${locale}#`) ? url.slice(locale.length + 1) : null;
}

function matches(pattern: string, url: string): boolean {
  return pattern
    .split('|')
    .some((p) => (p.endsWith('*') ? url.startsWith(p.slice(0, -1)) : url === p));
}

function fill(value: string): string {
  const site = siteConfig();
  return value
    .replace('{phone}', site.phone)
    .replace('{email}', site.emails.general)
    .replace('{postcode}', site.address.postcode)
    .replace('{street}', site.address.street);
}

describe('assistant answer quality (tests/fixtures/assistant-eval.json)', () => {
  it('has at least 30 questions in each of the four languages together', () => {
    expect(questions.length).toBeGreaterThanOrEqual(30);
    expect(new Set(questions.map((q) => q.locale))).toEqual(new Set(['en', 'es', 'fr', 'pt']));
  });

  it('gives the expected links and facts, never a must-not link, and cites each page once', async () => {
    const failures: string[] = [];
    const forbidden: string[] = [];
    const safety: string[] = [];
    const tally = new Map<Locale, { passed: number; total: number }>(LOCALES.map((l) => [l, { passed: 0, total: 0 }]));
    let passed = 0;
    for (const item of questions) {
      const { text, inText, sources } = await ask(item.locale, item.q);
      const problems: string[] = [];
      const links = [...inText, ...sources];
      const plain = links.map((url) => {
        const u = unprefixed(item.locale, url);
        if (u === null) problems.push(`link without locale prefix: ${url}`);
        return u ?? url;
      });
      for (const want of item.expect) {
        if (!plain.some((url) => matches(want, url))) problems.push(`missing ${want}`);
      }
      for (const bad of item.mustNot) {
        const hit = plain.find((url) => matches(bad, url));
        if (hit) forbidden.push(`[${item.locale}] ${item.q} → ${hit}`);
      }
      for (const fact of item.say ?? []) {
        if (!text.includes(fill(fact))) problems.push(`does not say ${fill(fact)}`);
      }
      if (new Set(sources).size !== sources.length) problems.push('a page cited twice in sources');
      if (new Set(inText).size !== inText.length) problems.push('a page linked twice in the text');
      if (item.first) {
        const lead = plain.find((url) => url.startsWith('/'));
        if (!lead || !matches(item.first, lead)) problems.push(`leads with ${lead ?? 'no link'}, not ${item.first}`);
      }
      const isHelp = HELP_LINES.every((line) => text.includes(line) || links.includes(line));
      if (item.safety === true) {
        const help: string[] = [];
        if (!isHelp) help.push(`no help lines (${HELP_LINES.filter((l) => !text.includes(l)).join(', ')})`);
        if (!plain.includes('/get-help')) help.push('no /get-help link');
        const other = plain.filter((url) => url.startsWith('/') && !HELP_PAGES.includes(url));
        if (other.length) help.push(`content links ${other.join(' ')}`);
        if (help.length) safety.push(`[${item.locale}] ${item.q}: ${help.join('; ')}`);
        problems.push(...help);
      } else if (item.safety === false && isHelp) {
        safety.push(`[${item.locale}] ${item.q}: the help answer for a neutral question`);
        problems.push('the help answer for a neutral question');
      }
      const count = tally.get(item.locale)!;
      count.total += 1;
      if (problems.length) failures.push(`[${item.locale}] ${item.q}: ${problems.join('; ')}`);
      else {
        passed += 1;
        count.passed += 1;
      }
    }
    const score = passed / questions.length;
    const pct = (n: number, d: number) => `${((n / d) * 100).toFixed(0)}%`;
    const perLocale = LOCALES.map((l) => `${l} ${tally.get(l)!.passed}/${tally.get(l)!.total} (${pct(tally.get(l)!.passed, tally.get(l)!.total)})`);
    console.info(
      `[assistant-eval] ${passed}/${questions.length} questions pass (${pct(passed, questions.length)}): ${perLocale.join(', ')}; ` +
        `${forbidden.length} must-not links, ${safety.length} safeguarding misses` +
        `${failures.length ? `\n  ${failures.join('\n  ')}` : ''}`,
    );
    expect(forbidden).toEqual([]);
    expect(safety).toEqual([]);
    expect(score).toBeGreaterThanOrEqual(0.9);
    for (const locale of LOCALES) {
      const { passed: p, total } = tally.get(locale)!;
      expect(p / total, `score in ${locale}`).toBeGreaterThanOrEqual(0.9);
    }
  });
});
