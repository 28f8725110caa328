/**
 * The ISR / route-handler / data cache of `next start` (lib/cache/cache-handler.cjs), bounded in size.
 *
 * Next's default handler keeps every rendered page in an in-memory LRU (`cacheMaxMemorySize`, 50 MB by default)
 * AND writes it to `.next/server/route-cache` with no limit at all, so each distinct path rendered adds files
 * until the disk is full (security review finding H2). This is that same default handler (same tag
 * expiry, same reading of the pages pre-rendered at build time) with the disk writes turned off: what is
 * rendered at run time lives only in the LRU, evicted oldest-first past `cacheMaxMemorySize`. An evicted page
 * is simply rendered again on its next request.
 *
 * Trade-offs: a restart starts with only the build's pages (those are still read from `.next/server/app`), and
 * the data cache (`fetch` with `next.tags`) is per process too. For several instances, a shared cache (Redis with
 * `maxmemory-policy allkeys-lru`) is the next step; see README "Scaling out".
 *
 * Plain CommonJS: loaded outside the bundler (by `next build` from next.config.ts, by a running server from
 * lib/cache/install-handler.ts). It extends a class
 * from Next's own distribution (not a public API); tests/unit/bounded-cache-handler.test.ts checks it against the
 * installed Next so an upgrade that changes it fails there rather than in production.
 */
'use strict';

/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose (loaded outside the bundler, see above) */
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache').default;
const { addEntryEtag } = require('./entry-etag.cjs');
const { listViewPolicy } = require('./list-view-policy.cjs');
/* eslint-enable @typescript-eslint/no-require-imports */

/** Any UTF-16 code unit beyond Latin-1: one of them makes V8 store the whole string with two bytes a character. */
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;
const BEYOND_LATIN1_ALL = /[^\u0000-\u00ff]/g;
const BEYOND_LATIN1_CODE_POINTS = /[^\u0000-\u00ff]/gu;
/** Raw-text elements, whose content is not HTML: `<script>` is JavaScript or JSON, `<style>` CSS. */
const RAW_TEXT = /(<(script|style)\b[^>]*>)([\s\S]*?)(<\/\2\s*>)/gi;

/**
 * The same document with every character beyond Latin-1 written as an escape its context decodes to that same
 * character: `&#N;` in markup, text and attribute values (and in `<title>`/`<textarea>`, which decode them too),
 * `\uXXXX` inside `<script>` (JavaScript and JSON read it the same way in strings, regular expressions and names;
 * Next writes none outside those). Returns null when that cannot be done safely: a character beyond Latin-1 inside
 * `<style>` (CSS escapes differ) is left to the caller, which then keeps the original.
 *
 * Why (issue 20 item 3): a single `…` in a 100 KB page made V8 hold the whole HTML with two bytes a character, and
 * every request then paid for it twice: Next's ETag hash reads it and Node's UTF-8 encoding of the response
 * is about twice as slow for a two-byte string. The bytes sent differ (`…` becomes `&#8230;`); what a browser
 * builds from them does not.
 */
function latin1Html(html) {
  let out = '';
  let last = 0;
  for (const match of html.matchAll(RAW_TEXT)) {
    const [whole, open, tag, body, close] = match;
    out += escapeMarkup(html.slice(last, match.index) + open);
    if (tag.toLowerCase() === 'style') {
      if (BEYOND_LATIN1.test(body)) return null;
      out += body;
    } else {
      out += body.replace(BEYOND_LATIN1_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    }
    out += close;
    last = match.index + whole.length;
  }
  return out + escapeMarkup(html.slice(last));
}

function escapeMarkup(text) {
  return text.replace(BEYOND_LATIN1_CODE_POINTS, (c) => `&#${c.codePointAt(0)};`);
}

/**
 * `html` as a flat string V8 stores one byte a character, when it can be: a Latin-1 copy of the text (which also
 * undoes a rope of concatenated render chunks), or the escaped document `latin1Html` makes. Returns the input
 * itself when neither applies.
 */
function narrowHtml(html) {
  const latin1 = BEYOND_LATIN1.test(html) ? latin1Html(html) : html;
  if (latin1 === null) return html;
  return Buffer.from(latin1, 'latin1').toString('latin1');
}

/** The cached page objects whose HTML is already narrowed (the memory LRU hands out the same object each time). */
const narrowed = new WeakSet();

class BoundedCacheHandler extends FileSystemCache {
  /** @param {ConstructorParameters<typeof FileSystemCache>[0]} ctx */
  constructor(ctx) {
    super({ ...ctx, flushToDisk: false });
  }

  /**
   * Next's own lookup (memory, then the pages pre-rendered at build time). The first time a page is handed out its
   * HTML is narrowed to one byte a character (`narrowHtml`) and it gets its ETag (lib/cache/entry-etag.cjs), both
   * kept in the cached entry, so later hits pay for neither.
   * @param {Parameters<FileSystemCache['get']>} args
   */
  async get(...args) {
    const data = await super.get(...args);
    const value = data && data.value;
    if (value && (value.kind === 'APP_PAGE' || value.kind === 'PAGES') && typeof value.html === 'string') {
      if (!narrowed.has(value)) {
        value.html = narrowHtml(value.html);
        narrowed.add(value);
      }
      // After narrowing: the tag is the hash of the HTML as sent.
      addEntryEtag(value);
    }
    return data;
  }

  /**
   * Next's own write, except for a free-text search state (lib/cache/list-view-policy.cjs): each distinct search
   * text would take a place in the LRU and push out the pages most people read.
   * @param {Parameters<FileSystemCache['set']>} args
   */
  async set(...args) {
    if (listViewPolicy(args[0])?.freeText) return;
    return super.set(...args);
  }
}

BoundedCacheHandler.narrowHtml = narrowHtml;

module.exports = BoundedCacheHandler;
