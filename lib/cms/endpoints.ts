import type { Endpoint } from './source';

/**
 * Who provides each REST endpoint the site reads, and what an editor does when WordPress does not have it.
 * Used by the content source's "missing endpoint" warning (sources/resilient.ts) and by `npm run content:check`
 * (scripts/content-check.ts), so the advice in the log and in the check cannot drift apart.
 */

export type EndpointInfo = {
  /** What it is, as WordPress calls it: `post type team-member`, `taxonomy media_category`. */
  kind: 'post type' | 'taxonomy' | 'core';
  /** What visitors see while it is missing. */
  whenMissing: string;
  /** What an editor should do when it is missing. */
  fix: string;
};

const COMPANION = 'activate the LRJN Companion plugin (wordpress/lrjn-companion) in WordPress → Plugins';
const CORE = 'a WordPress core endpoint: check that no security plugin disables the REST API or this route';

export const ENDPOINT_INFO: Record<Endpoint, EndpointInfo> = {
  posts: { kind: 'core', whenMissing: 'the blog and the home page show no posts', fix: CORE },
  pages: { kind: 'core', whenMissing: 'the home page and About & co. show their built-in text', fix: CORE },
  categories: { kind: 'core', whenMissing: 'the blog has no category filter', fix: CORE },
  tags: { kind: 'core', whenMissing: 'posts show no tags', fix: CORE },
  media: { kind: 'core', whenMissing: 'the media pages show no images or videos', fix: CORE },
  reports: {
    kind: 'post type',
    whenMissing: 'Reports shows its empty state and report pages answer 404',
    fix: COMPANION,
  },
  events: {
    kind: 'post type',
    whenMissing: 'Events shows its empty state and event pages answer 404',
    fix: COMPANION,
  },
  cause: {
    kind: 'post type',
    whenMissing: 'Causes are read from posts in category 2202 instead',
    fix: COMPANION,
  },
  'media-archive': {
    kind: 'post type',
    whenMissing: 'the media archive and podcasts show their empty state and their item pages answer 404',
    fix: COMPANION,
  },
  media_category: { kind: 'taxonomy', whenMissing: 'the media archive has no categories', fix: COMPANION },
  'team-member': {
    kind: 'post type',
    whenMissing: 'Our Team shows its empty state and team member pages answer 404',
    fix: COMPANION,
  },
  vacancies: {
    kind: 'post type',
    whenMissing: 'Vacancies shows its empty state and vacancy pages answer 404',
    fix: COMPANION,
  },
};

/** `post type team-member`, `taxonomy media_category`, `endpoint posts`. */
export function endpointLabel(endpoint: Endpoint): string {
  const { kind } = ENDPOINT_INFO[endpoint];
  return `${kind === 'core' ? 'endpoint' : kind} ${endpoint}`;
}

/**
 * The one-line warning for an endpoint WordPress does not have: which endpoint, what WordPress said, what the
 * site does instead and what the editor should do.
 */
export function missingEndpointWarning(endpoint: Endpoint, code: string, message: string): string {
  const info = ENDPOINT_INFO[endpoint];
  return (
    `[cms] WordPress has no ${endpointLabel(endpoint)} (${code}: ${message}). ` +
    `Until it exists ${info.whenMissing}. To fix: ${info.fix}. ` +
    'Logged once per process; `npm run content:check` lists every endpoint.'
  );
}
