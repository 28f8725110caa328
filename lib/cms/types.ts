import type { Locale } from '@/i18n/routing';

import type { SeoFields } from './seo';

export type { SeoFields, SeoImage } from './seo';

/**
 * Domain types of the CMS layer: what pages and components see. WordPress shapes (`rendered`, `_embedded`, `acf`)
 * never leave lib/cms (see reshape.ts). Dates are ISO 8601 strings as WordPress gives them (site-local time,
 * Europe/London, no offset) in `date`, and UTC in `dateGmt`. Every `html` field is already sanitised.
 */

export type CmsImage = {
  /** Absolute URL, or a site path for snapshot media (`/content-media/…`). Host-rewritten, sizing params stripped. */
  url: string;
  alt: string;
  width?: number;
  height?: number;
};

export type Author = { name: string; url?: string };

export type Term = {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** Published items in the term. */
  count: number;
};

/** Post status as WordPress reports it; `publish` shows no badge (docs/SPEC-NOTES.md §3). */
export type PostStatus = 'publish' | 'draft' | 'pending' | 'private' | 'future' | (string & {});

type Entry = {
  id: number;
  slug: string;
  /** Plain text (entities decoded, tags removed). */
  title: string;
  /** Plain text. */
  excerpt: string;
  date: string;
  dateGmt: string;
  /** UTC (`modified_gmt`; site-local `modified` only when WordPress gives no GMT value). */
  modified: string;
  image: CmsImage | null;
  /** Title, description, canonical and Open Graph from an SEO plugin (Yoast), sanitised; absent without one. */
  seo?: SeoFields;
};

export type PostSummary = Entry & {
  status: PostStatus;
  author: Author | null;
  categoryIds: number[];
  tagIds: number[];
};

export type Post = PostSummary & {
  html: string;
  /** Tag slugs from the embedded terms (a `content-note` tag asks for a content note: lib/cms/content-note.ts). */
  tagSlugs: string[];
};

export type PostList = {
  posts: PostSummary[];
  total: number;
  totalPages: number;
  page: number;
  perPage: number;
};

export type Page = Entry & {
  html: string;
  /** Optional fields of the companion plugin / ACF (home hero overrides, about video). */
  fields: {
    subtitle?: string;
    ctaText?: string;
    ctaLink?: string;
    backgroundImage?: string;
    aboutVideo?: string;
  };
  /** The first `<img>` in the content, for the home hero fallback chain (docs/SPEC-NOTES.md §2 Home). */
  firstContentImage: string | null;
};

export type Report = Entry & {
  html: string;
  organization: string | null;
  pdfUrl: string | null;
};

export type Cause = Entry & {
  html: string;
  /** Plain text from `acf.short_description`, else the excerpt. */
  shortDescription: string;
  /** Where this cause came from: the `cause` post type or posts in the fallback category (docs/SPEC-NOTES.md §7). */
  origin: 'cause' | 'post';
};

/**
 * Event as WordPress serves it, with its ACF fields read leniently; lib/events interprets them (docs/SPEC-NOTES.md §3 Event).
 * `image` is `acf.image` or a top-level `image.url` when set, else the featured image (host-rewritten). `html` is
 * `content.rendered`, else a top-level `description`. Everything that may be rendered as HTML or loaded as a URL is
 * sanitised/normalised here; `fields` stays the raw ACF record for the pure parsers (dates, place, people).
 */
export type CmsEvent = Entry & {
  html: string;
  fields: Record<string, unknown>;
  /** Sanitised `acf.agenda`, `acf.resources`, `acf.follow_up`; '' when absent, empty or not a string. */
  agenda: string;
  resources: string;
  followUp: string;
  /** `acf.video_url` / `event_video` / `video` (string or `{ url }`), host-rewritten; null when none. */
  videoUrl: string | null;
  /** Top-level `start_date` / `end_date` (events plugins, `YYYY-MM-DD HH:MM:SS`), used when ACF has no date. */
  startDate: string | null;
  endDate: string | null;
  /** Tag slugs from the embedded terms: `content-note` asks for a content note (lib/cms/content-note.ts). */
  tagSlugs?: string[];
};

export type MediaItem = {
  id: number;
  title: string;
  description: string;
  mediaType: string;
  mimeType: string;
  url: string;
  width?: number;
  height?: number;
  alt: string;
};

/** How a media archive item is presented (from `acf.media_type`; see lib/cms/media-archive.ts). */
export type MediaKind = 'image' | 'video' | 'audio';

/** A playable video of a media archive item: a YouTube or Vimeo link (click-to-load embed) or a video file. */
export type MediaVideo =
  | { type: 'youtube'; id: string; embedUrl: string; thumbnailUrl: string }
  | { type: 'vimeo'; embedUrl: string }
  | { type: 'file'; url: string };

/**
 * A `media_archive` post (docs/SPEC-NOTES.md §3). `image` is chosen by the spec's field order (event_image … external_url),
 * then the featured image; every URL here is host-normalised like other CMS images.
 */
export type MediaArchiveItem = Entry & {
  html: string;
  mediaType: string | null;
  kind: MediaKind;
  categoryIds: number[];
  /** `image_gallery` then `gallery_image_1` … `gallery_image_20`, without duplicates. */
  gallery: CmsImage[];
  audioUrl: string | null;
  video: MediaVideo | null;
  /** `acf.external_url` when it is an http(s) URL (not host-rewritten: it may be any site). */
  externalUrl: string | null;
  /** The raw ACF record. */
  fields: Record<string, unknown>;
  /** Tag slugs from the embedded terms: `content-note` asks for a content note (lib/cms/content-note.ts). */
  tagSlugs?: string[];
};

/** A team member (`team_member` post type; ACF role, photo, bio, email, order). */
export type TeamMember = Entry & {
  /** Sanitised body (a longer biography), may be empty. */
  html: string;
  role: string | null;
  /** `acf.photo`, else the featured image. */
  photo: CmsImage | null;
  /** Plain-text short biography: `acf.bio`, else the excerpt. */
  bio: string;
  email: string | null;
  /** Display order (ascending); items without one sort last. */
  order: number;
};

/** A job vacancy (`vacancy` post type; REST base `vacancies`). */
export type Vacancy = Entry & {
  html: string;
  /** `YYYY-MM-DD` (from `acf.closing_date`: ISO or 8-digit ACF date), or null when none/unreadable. */
  closingDate: string | null;
  hours: string | null;
  salary: string | null;
  location: string | null;
  /** Sanitised HTML (may hold a mailto link or an application URL), may be empty. */
  howToApply: string;
  contractType: string | null;
};

/**
 * A post, report or media archive item for the combined archive search (docs/SPEC-NOTES.md §7 Derived behaviour), tagged with
 * its post type as the spec names them. Text fields are plain text, never rendered as HTML.
 */
export type ArchiveEntry = {
  type: 'post' | 'media_archive' | 'reports';
  slug: string;
  title: string;
  excerpt: string;
  /** The body as plain text, for matching only. */
  text: string;
  /** Publication date, UTC ISO 8601 (`2025-03-14T10:00:00.000Z`); '' when WordPress gave none readable. */
  date: string;
  /** Last change, UTC as WordPress's `modified_gmt`: WordPress bumps it on every save, so it marks a new version. */
  modified: string;
  /** The item's page, a site path without locale: `/blog/{slug}`, `/media-archive/{slug}`, `/reports/{slug}`. */
  url: string;
  image: CmsImage | null;
};

/** A post, report or cause for the sitemap and feeds: just enough to link it. */
export type ContentRef = {
  slug: string;
  /** UTC, as `Entry.modified`. */
  modified: string;
  /** Posts, pages and events: the locales with a real page (default locale first; translations.ts). */
  locales?: Locale[];
};
