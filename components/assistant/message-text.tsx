import { Fragment, type ReactNode } from 'react';

import { Link } from '@/i18n/client';
import { splitLocale } from '@/i18n/paths';

/**
 * Renders an assistant reply: plain text with `- ` list lines and Markdown links `[label](url)`. Only site paths
 * (`/…`, rendered with the locale-aware Link) and `https://` URLs (new tab) become links; anything else stays text, so a
 * reply can never inject markup or a `javascript:` link. Phone numbers in the text become `tel:` links (PHONE).
 * Pure rendering, no state.
 */
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;
/** A site path: one leading `/` not followed by another `/` or a `\` (browsers read `/\host` as `//host`). */
export const SITE_PATH = /^\/(?![/\\])/;

/**
 * Phone numbers a reply gives (999, Samaritans' 116 123, UK numbers from 0, e.g. Stop Hate UK's 0800 138 1625 or
 * our office), and 101 after a "call … on/al/au/pelo" word so "Racism 101" stays text. On a phone a tap calls.
 */
const PHONE =
  /(?<![\d£$€.,/:-])(?:999|116 ?123|0\d{2,4}(?: ?\d){6,8}|(?<=\b(?:on|al|au|le|pelo|ligue|call)\s)101)(?![\d.,/:-]?\d)/g;

const cls = 'font-medium text-brand underline underline-offset-2 hover:no-underline';

/** Plain text with its phone numbers as `tel:` links. */
function phones(text: string, key: number): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PHONE)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    out.push(
      <a key={`${key}-${at}`} href={`tel:${match[0].replace(/\s/g, '')}`} className={cls}>
        {match[0]}
      </a>,
    );
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function inline(text: string, onInternal?: () => void): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match;
    const at = match.index ?? 0;
    if (at > last) out.push(...phones(text.slice(last, at), last));
    // The server already prefixed the locale (`/es/events`); Link re-applies it from the `locale` prop. The path
    // left after the prefix must be a site path too (`/es//host` is not).
    const { locale, path } = splitLocale(href);
    if (SITE_PATH.test(href) && SITE_PATH.test(path)) {
      out.push(
        <Link key={at} href={path} locale={locale} className={cls} onClick={onInternal}>
          {label}
        </Link>,
      );
    } else if (/^https:\/\/[^\s]+$/.test(href)) {
      out.push(
        <a key={at} href={href} className={cls} target="_blank" rel="noopener noreferrer">
          {label}
        </a>,
      );
    } else {
      out.push(whole);
    }
    last = at + whole.length;
  }
  if (last < text.length) out.push(...phones(text.slice(last), last));
  return out;
}

export function MessageText({ text, onInternalLink }: { text: string; onInternalLink?: () => void }) {
  const blocks: ReactNode[] = [];
  let items: string[] = [];
  const flush = (key: number) => {
    if (!items.length) return;
    blocks.push(
      <ul key={`l${key}`} className="my-1 list-disc space-y-1 ps-5">
        {items.map((item, i) => (
          <li key={i}>{inline(item, onInternalLink)}</li>
        ))}
      </ul>,
    );
    items = [];
  };
  text.split('\n').forEach((line, i) => {
    if (line.startsWith('- ')) {
      items.push(line.slice(2));
      return;
    }
    flush(i);
    if (line.trim()) blocks.push(<p key={i}>{inline(line, onInternalLink)}</p>);
  });
  flush(-1);
  return <Fragment>{blocks}</Fragment>;
}

/** The reply as plain text for the screen-reader announcement (link syntax removed). */
export function plainText(text: string): string {
  return text.replace(LINK, '$1').replace(/^- /gm, '').replace(/\s+/g, ' ').trim();
}
