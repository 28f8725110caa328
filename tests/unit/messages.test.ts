import { describe, expect, it } from 'vitest';

import { CLIENT_NAMESPACES, SCOPED_CLIENT_NAMESPACES } from '@/i18n/client-namespaces';
import { mergeMessages, type Messages } from '@/i18n/messages';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import pt from '@/messages/pt.json';

describe('mergeMessages', () => {
  it('deep-merges, falling back to base for missing nested keys', () => {
    const base: Messages = {
      A: { title: 'Title', nested: { one: 'One', two: 'Two' } },
      B: { only: 'Only in base' },
      top: 'Top',
    };
    const override: Messages = { A: { title: 'Titre', nested: { two: 'Deux' } }, top: 'Haut' };
    expect(mergeMessages(base, override)).toEqual({
      A: { title: 'Titre', nested: { one: 'One', two: 'Deux' } },
      B: { only: 'Only in base' },
      top: 'Haut',
    });
  });

  it('does not mutate its inputs', () => {
    const base: Messages = { A: { x: 'x', y: 'y' } };
    const override: Messages = { A: { x: 'X' } };
    mergeMessages(base, override);
    expect(base).toEqual({ A: { x: 'x', y: 'y' } });
    expect(override).toEqual({ A: { x: 'X' } });
  });

  it('keeps keys only present in the override', () => {
    expect(mergeMessages({ a: 'a' }, { b: 'b' })).toEqual({ a: 'a', b: 'b' });
  });
});

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** ICU argument names (`{name}`, `{count, plural, ...}`) and rich-text tag names (`<tag>`). */
function tokens(text: string): string[] {
  const args = [...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...text.matchAll(/<\/?([A-Za-z][\w-]*)>/g)].map((m) => m[0]);
  return [...new Set([...args, ...tags])].sort();
}

const english = flatten(en as Messages);
const translations = { es, fr, pt } as const;

describe('message catalogues', () => {
  it('English has a meaningful number of strings', () => {
    expect(english.size).toBeGreaterThan(50);
  });

  it('the token extractor finds placeholders and tags', () => {
    expect(tokens('© <y>{year}</y> {name}. {count, plural, one {# item} other {# items}}')).toEqual(
      ['{count}', '{name}', '{year}', '</y>', '<y>'].sort(),
    );
  });

  describe.each(Object.entries(translations))('%s', (locale, catalogue) => {
    const translated = flatten(catalogue as Messages);

    it('has exactly the same key paths as English', () => {
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('keeps every placeholder and tag of the English strings', () => {
      const problems: string[] = [];
      for (const [key, source] of english) {
        const target = translated.get(key);
        if (target === undefined) continue;
        // Token sets, not substrings: an ICU plural keeps `{count}` as `{count, plural, …}`.
        const kept = tokens(target);
        for (const token of tokens(source)) {
          if (!kept.includes(token)) problems.push(`${locale} ${key}: missing ${token}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('introduces no placeholder or tag that English lacks', () => {
      const problems: string[] = [];
      for (const [key, target] of translated) {
        const source = english.get(key) ?? '';
        for (const token of tokens(target)) {
          if (!tokens(source).includes(token)) problems.push(`${locale} ${key}: unexpected ${token}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('has no empty strings', () => {
      expect([...translated].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    });

    it('translates at least 80% of the strings', () => {
      let differing = 0;
      for (const [key, source] of english) if (translated.get(key) !== source) differing++;
      expect(differing / english.size).toBeGreaterThanOrEqual(0.8);
    });
  });
});

describe('client namespaces', () => {
  it('use only {name} placeholders, which useClientMessages fills without the ICU runtime', () => {
    const problems: string[] = [];
    for (const [locale, catalogue] of Object.entries({ en, es, fr, pt })) {
      const all = catalogue as unknown as Record<string, Record<string, unknown>>;
      for (const ns of [...CLIENT_NAMESPACES, ...SCOPED_CLIENT_NAMESPACES]) {
        for (const [key, value] of Object.entries(all[ns] ?? {})) {
          if (typeof value !== 'string') problems.push(`${locale} ${ns}.${key}: nested`);
          else if (/\{\s*\w+\s*,|<\/?\w+>|'\{/.test(value)) problems.push(`${locale} ${ns}.${key}: ${value}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
