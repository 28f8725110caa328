import 'server-only';

import { cookies, draftMode } from 'next/headers';
import { cache } from 'react';

import { env } from '@/lib/config/env';

import { CmsError } from './errors';
import { PREVIEW_COOKIE, readPreviewCookie, type PreviewTarget, type PreviewType } from './preview-token';

/**
 * Draft content for WordPress previews (Next's draft mode). Reads go to WordPress's REST API with the server-side
 * application password (`WORDPRESS_PREVIEW_USER`, `WORDPRESS_APPLICATION_PASSWORD`), never cached
 * (`cache: 'no-store'`), and only while draft mode is on; the browser never sees the credential.
 */

/** True when the site can show previews: WordPress, the application password and the shared secret are set. */
export function previewConfigured(): boolean {
  const e = env();
  return Boolean(
    e.WORDPRESS_URL && e.WORDPRESS_PREVIEW_USER && e.WORDPRESS_APPLICATION_PASSWORD && e.REVALIDATE_SECRET,
  );
}

function restUrl(route: string, query: Record<string, string>): URL {
  const base = (env().WORDPRESS_URL ?? '').replace(/\/+$/, '');
  // ?rest_route= answers with pretty and plain permalinks alike.
  const url = new URL(`${base}/`);
  url.searchParams.set('rest_route', route);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

async function getJson(route: string, query: Record<string, string>): Promise<unknown> {
  const e = env();
  const auth = Buffer.from(`${e.WORDPRESS_PREVIEW_USER}:${e.WORDPRESS_APPLICATION_PASSWORD}`).toString(
    'base64',
  );
  let res: Response;
  try {
    res = await fetch(restUrl(route, query), {
      headers: { Accept: 'application/json', Authorization: `Basic ${auth}` },
      cache: 'no-store',
      signal: AbortSignal.timeout(e.WORDPRESS_TIMEOUT_MS),
    });
  } catch {
    throw new CmsError('Failed to fetch preview: network error', undefined, true);
  }
  if (res.status === 404 || res.status === 410) return null;
  if (!res.ok) throw new CmsError(`Failed to fetch preview: ${res.status}`, res.status, res.status >= 500);
  return res.json();
}

type RestItem = Record<string, unknown> & {
  id?: number;
  slug?: string;
  generated_slug?: string;
  modified_gmt?: string;
};

/**
 * The latest state of one post of `type` as its editor sees it: the post (any status: draft, pending, future,
 * private, published) with its newest autosave's title, body and excerpt laid over it when the autosave is as new
 * or newer (unsaved changes of a published or pending post live only there). Null when WordPress has no such post.
 * @throws CmsError when WordPress cannot be reached or refuses the credential.
 */
export async function fetchDraft(type: PreviewType, id: number): Promise<RestItem | null> {
  const route = `/wp/v2/${type}/${id}`;
  const post = (await getJson(route, { context: 'edit', _embed: '1' })) as RestItem | null;
  if (!post || typeof post !== 'object' || post.id !== id) return null;
  const autosaves = (await getJson(`${route}/autosaves`, { context: 'edit' }).catch(() => null)) as
    RestItem[] | null;
  const newest = Array.isArray(autosaves)
    ? autosaves
        .filter((a) => typeof a.modified_gmt === 'string')
        .sort((a, b) => String(b.modified_gmt).localeCompare(String(a.modified_gmt)))[0]
    : undefined;
  // Same second counts as newer: pressing Preview autosaves right before the link opens.
  if (newest && String(newest.modified_gmt) >= String(post.modified_gmt ?? '')) {
    return {
      ...post,
      title: newest.title ?? post.title,
      content: newest.content ?? post.content,
      excerpt: newest.excerpt ?? post.excerpt,
      modified_gmt: newest.modified_gmt,
      modified: newest.modified ?? post.modified,
    };
  }
  return post;
}

/** The slug a draft is shown under: its own, else the one WordPress would give it, else `draft-{id}`. */
export function draftSlug(item: RestItem): string {
  for (const candidate of [item.slug, item.generated_slug]) {
    if (typeof candidate !== 'string' || candidate === '') continue;
    let decoded = candidate;
    try {
      decoded = decodeURIComponent(candidate);
    } catch {
      continue;
    }
    if (/^[\p{L}\p{M}\p{N}_-]{1,200}$/u.test(decoded)) return decoded;
  }
  return `draft-${item.id ?? 0}`;
}

/**
 * The preview in force for this request: draft mode on and a valid preview cookie. Null at build time, outside a
 * request, and whenever draft mode is off (so public renders never read cookies).
 */
export const activePreview = cache(async (): Promise<PreviewTarget | null> => {
  let enabled = false;
  try {
    enabled = (await draftMode()).isEnabled;
  } catch {
    return null;
  }
  if (!enabled) return null;
  const secret = env().REVALIDATE_SECRET;
  if (!secret) return null;
  const jar = await cookies();
  return readPreviewCookie(secret, jar.get(PREVIEW_COOKIE)?.value, Math.floor(Date.now() / 1000));
});

/** The previewed item when this request previews `type` under `slug` (null otherwise, or if it is gone). */
export async function previewItemFor(type: PreviewType, slug: string | undefined): Promise<unknown | null> {
  const target = await activePreview();
  if (!target || target.type !== type) return null;
  if (slug !== undefined && target.slug !== slug) return null;
  return fetchDraftCached(type, target.id);
}

const fetchDraftCached = cache((type: PreviewType, id: number) => fetchDraft(type, id));

/** True while Next's draft mode is on for this request (false at build time and outside a request). */
export async function isDraftMode(): Promise<boolean> {
  try {
    return (await draftMode()).isEnabled;
  } catch {
    return false;
  }
}
