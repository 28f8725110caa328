import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { ImageHostConfig } from '@/lib/cms/images';
import {
  chooseMediaImage,
  collectGallery,
  fileRef,
  findAudioUrl,
  findExternalUrl,
  findVideo,
  GALLERY_FIELDS,
  IMAGE_FIELD_ORDER,
  mediaKind,
} from '@/lib/cms/media-archive';
import { reshapeMediaArchiveItem } from '@/lib/cms/reshape';

const CTX: ImageHostConfig = { wordpressHost: 'cms.example.org', imageHost: 'images.example.org' };
const WP = 'https://cms.example.org/wp-content/uploads/2025/01';
const IMG = 'https://images.example.org/wp-content/uploads/2025/01';

/** An ACF record as the companion plugin gives it: every field present, unset ones null. */
function acf(values: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    media_type: null,
    ...Object.fromEntries(IMAGE_FIELD_ORDER.map((f) => [f, null])),
    ...values,
  };
}

describe('the field order of docs/SPEC-NOTES.md §3', () => {
  it('lists the fields in the spec order, gallery_image_1 to gallery_image_20 after image_gallery', () => {
    expect(GALLERY_FIELDS).toHaveLength(20);
    expect(GALLERY_FIELDS[0]).toBe('gallery_image_1');
    expect(GALLERY_FIELDS[19]).toBe('gallery_image_20');
    expect(IMAGE_FIELD_ORDER).toEqual([
      'event_image',
      'publication_image',
      'featured_image',
      'image_gallery',
      ...GALLERY_FIELDS,
      'video_thumbnail',
      'poster_image',
      'media_file',
      'cover_image',
      'thumbnail',
      'podcast_audio_file',
      'external_url',
    ]);
  });
});

describe('chooseMediaImage', () => {
  it('takes the first filled field in the spec order', () => {
    const fields = acf({
      thumbnail: `${WP}/thumb.jpg`,
      poster_image: `${WP}/poster.jpg`,
      featured_image: `${WP}/featured.jpg`,
      publication_image: `${WP}/publication.jpg`,
    });
    expect(chooseMediaImage(fields, null, CTX)?.url).toBe(`${IMG}/publication.jpg`);
    expect(chooseMediaImage({ ...fields, event_image: `${WP}/event.jpg` }, null, CTX)?.url).toBe(
      `${IMG}/event.jpg`,
    );
  });

  it('reaches gallery_image_20, then video_thumbnail, and skips empty values of every kind', () => {
    const empty = { event_image: false, publication_image: '', featured_image: [], image_gallery: null };
    expect(
      chooseMediaImage(
        acf({ ...empty, gallery_image_20: `${WP}/g20.jpg`, video_thumbnail: `${WP}/v.jpg` }),
        null,
        CTX,
      )?.url,
    ).toBe(`${IMG}/g20.jpg`);
    expect(chooseMediaImage(acf({ ...empty, video_thumbnail: `${WP}/v.jpg` }), null, CTX)?.url).toBe(
      `${IMG}/v.jpg`,
    );
    expect(
      chooseMediaImage(acf({ gallery_image_7: `${WP}/g7.jpg`, gallery_image_12: `${WP}/g12.jpg` }), null, CTX)
        ?.url,
    ).toBe(`${IMG}/g7.jpg`);
  });

  it('takes the first entry of an image_gallery array before gallery_image_1', () => {
    const fields = acf({
      image_gallery: [false, { url: `${WP}/a.jpg`, alt: 'First', width: 800, height: 600 }, `${WP}/b.jpg`],
      gallery_image_1: `${WP}/g1.jpg`,
    });
    expect(chooseMediaImage(fields, null, CTX)).toEqual({
      url: `${IMG}/a.jpg`,
      alt: 'First',
      width: 800,
      height: 600,
    });
  });

  it('reads ACF image objects ({ url, alt, width, height }) and skips bare attachment ids', () => {
    const fields = acf({
      event_image: 412,
      publication_image: {
        ID: 9,
        url: `${WP}/pub.png`,
        alt: 'Cover',
        width: '1200',
        height: 900,
        mime_type: 'image/png',
      },
    });
    expect(chooseMediaImage(fields, null, CTX)).toEqual({
      url: `${IMG}/pub.png`,
      alt: 'Cover',
      width: 1200,
      height: 900,
    });
  });

  it('takes an image from media_file, podcast_audio_file or external_url only when it is one', () => {
    expect(
      chooseMediaImage(
        acf({ media_file: `${WP}/clip.mp4`, external_url: 'https://youtu.be/dQw4w9WgXcQ' }),
        null,
        CTX,
      ),
    ).toBeNull();
    expect(chooseMediaImage(acf({ podcast_audio_file: `${WP}/ep1.wav` }), null, CTX)).toBeNull();
    expect(
      chooseMediaImage(acf({ media_file: `${WP}/photo.webp`, cover_image: `${WP}/cover.jpg` }), null, CTX)
        ?.url,
    ).toBe(`${IMG}/photo.webp`);
    expect(
      chooseMediaImage(acf({ media_file: { url: `${WP}/scan`, mime_type: 'image/jpeg' } }), null, CTX)?.url,
    ).toBe(`${IMG}/scan`);
    expect(chooseMediaImage(acf({ external_url: 'https://example.org/poster.png' }), null, CTX)?.url).toBe(
      'https://example.org/poster.png',
    );
  });

  it('skips non-image files in image fields and unusable URLs', () => {
    expect(
      chooseMediaImage(
        acf({
          event_image: `${WP}/report.pdf`,
          publication_image: 'javascript:alert(1)',
          featured_image: { url: `${WP}/x`, mime_type: 'video/mp4' },
          poster_image: `${WP}/poster.jpg?w=300&h=200`,
        }),
        null,
        CTX,
      )?.url,
    ).toBe(`${IMG}/poster.jpg`);
  });

  it('falls back to the featured image, and prefers it (alt, size) when it is the chosen URL', () => {
    const featured = { url: '/content-media/2025/12/photos.jpg', alt: 'Hall', width: 1600, height: 900 };
    expect(chooseMediaImage(acf(), featured, CTX)).toBe(featured);
    expect(chooseMediaImage([] as unknown as Record<string, unknown>, featured, CTX)).toBe(featured);
    expect(
      chooseMediaImage(acf({ featured_image: '/content-media/2025/12/photos.jpg' }), featured, CTX),
    ).toBe(featured);
    expect(chooseMediaImage(acf({ event_image: '/content-media/other.jpg' }), featured, CTX)).toEqual({
      url: '/content-media/other.jpg',
      alt: '',
      width: undefined,
      height: undefined,
    });
    expect(chooseMediaImage(acf(), null, CTX)).toBeNull();
  });
});

describe('collectGallery', () => {
  it('collects image_gallery entries then gallery_image_1..20 in order, once each', () => {
    const fields = acf({
      image_gallery: [{ url: `${WP}/a.jpg`, alt: 'A' }, `${WP}/b.jpg`, 77, null],
      gallery_image_1: `${WP}/c.jpg`,
      gallery_image_2: `${WP}/b.jpg`,
      gallery_image_5: false,
      gallery_image_20: { url: `${WP}/z.jpg` },
      featured_image: `${WP}/featured.jpg`,
    });
    expect(collectGallery(fields, CTX).map((i) => [i.url, i.alt])).toEqual([
      [`${IMG}/a.jpg`, 'A'],
      [`${IMG}/b.jpg`, ''],
      [`${IMG}/c.jpg`, ''],
      [`${IMG}/z.jpg`, ''],
    ]);
  });

  it('is empty for ACF [] and for empty galleries', () => {
    expect(collectGallery([] as unknown as Record<string, unknown>, CTX)).toEqual([]);
    expect(collectGallery(acf({ image_gallery: [] }), CTX)).toEqual([]);
    expect(collectGallery(acf({ image_gallery: false, gallery_image_3: '' }), CTX)).toEqual([]);
  });

  it('ignores gallery-like fields beyond 20', () => {
    expect(collectGallery({ gallery_image_21: `${WP}/x.jpg`, gallery_image_0: `${WP}/y.jpg` }, CTX)).toEqual(
      [],
    );
  });
});

describe('findAudioUrl', () => {
  it('reads podcast_audio_file (URL or file object), normalising the host', () => {
    expect(findAudioUrl(acf({ podcast_audio_file: `${WP}/ep1.wav` }), CTX)).toBe(`${IMG}/ep1.wav`);
    expect(
      findAudioUrl(acf({ podcast_audio_file: { url: `${WP}/ep2`, mime_type: 'audio/mpeg' } }), CTX),
    ).toBe(`${IMG}/ep2`);
    expect(findAudioUrl(acf({ podcast_audio_file: '/content-media/2025/03/postcard.mp3' }), CTX)).toBe(
      '/content-media/2025/03/postcard.mp3',
    );
  });

  it('falls back to an audio media_file or external_url, never an image or video', () => {
    expect(findAudioUrl(acf({ podcast_audio_file: '', media_file: `${WP}/talk.m4a` }), CTX)).toBe(
      `${IMG}/talk.m4a`,
    );
    expect(findAudioUrl(acf({ external_url: 'https://example.org/feed/ep3.mp3' }), CTX)).toBe(
      'https://example.org/feed/ep3.mp3',
    );
    expect(
      findAudioUrl(acf({ media_file: `${WP}/clip.mp4`, external_url: 'https://example.org/page' }), CTX),
    ).toBeNull();
    expect(findAudioUrl(acf({ podcast_audio_file: `${WP}/cover.jpg` }), CTX)).toBeNull();
    expect(findAudioUrl([] as unknown as Record<string, unknown>, CTX)).toBeNull();
  });
});

describe('findVideo', () => {
  it('recognises YouTube links (11-character id, hqdefault thumbnail) and Vimeo links', () => {
    expect(findVideo(acf({ external_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }), CTX)).toEqual({
      type: 'youtube',
      id: 'dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect(findVideo(acf({ external_url: 'https://youtu.be/tooShort' }), CTX)).toBeNull();
    expect(findVideo(acf({ external_url: 'https://vimeo.com/76979871' }), CTX)).toEqual({
      type: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871',
    });
  });

  it('finds video files (mp4, webm, ogg, mov or video/*) in media_file first', () => {
    expect(
      findVideo(acf({ media_file: `${WP}/talk.webm`, external_url: 'https://youtu.be/dQw4w9WgXcQ' }), CTX),
    ).toEqual({ type: 'file', url: `${IMG}/talk.webm` });
    expect(findVideo(acf({ media_file: { url: `${WP}/film`, mime_type: 'video/quicktime' } }), CTX)).toEqual({
      type: 'file',
      url: `${IMG}/film`,
    });
    expect(findVideo(acf({ media_file: `${WP}/talk.MOV` }), CTX)?.type).toBe('file');
  });

  it('is null for pages, images and empty values', () => {
    expect(
      findVideo(
        acf({ external_url: 'https://example.org/videos/explainer', media_file: `${WP}/a.jpg` }),
        CTX,
      ),
    ).toBeNull();
    expect(findVideo(acf({ media_file: false, external_url: [] }), CTX)).toBeNull();
  });
});

describe('findExternalUrl and fileRef', () => {
  it('keeps absolute http(s) URLs only, unchanged in host', () => {
    expect(findExternalUrl({ external_url: 'https://example.org/videos/x' })).toBe(
      'https://example.org/videos/x',
    );
    expect(findExternalUrl({ external_url: { url: `${WP}/x.pdf` } })).toBe(`${WP}/x.pdf`);
    expect(findExternalUrl({ external_url: 'javascript:alert(1)' })).toBeNull();
    expect(findExternalUrl({ external_url: '/relative' })).toBeNull();
    expect(findExternalUrl({ external_url: null })).toBeNull();
  });

  it('reads URLs and file objects, and nothing else', () => {
    expect(fileRef(' /a.jpg ')).toEqual({ url: '/a.jpg' });
    expect(
      fileRef({ source_url: '/b.jpg', alt_text: 'B', media_details: { width: 10, height: 20 } }),
    ).toEqual({
      url: '/b.jpg',
      alt: 'B',
      width: 10,
      height: 20,
      mime: undefined,
    });
    for (const empty of [null, false, '', '  ', 42, [], {}, { url: '' }]) expect(fileRef(empty)).toBeNull();
  });
});

describe('mediaKind', () => {
  const none = { video: false, audio: false };
  it('maps the spec media types: photo → image, interview → video, podcast → audio', () => {
    expect(mediaKind('image', none)).toBe('image');
    expect(mediaKind('photo', none)).toBe('image');
    expect(mediaKind('video', none)).toBe('video');
    expect(mediaKind('interview', none)).toBe('video');
    expect(mediaKind('audio', none)).toBe('audio');
    expect(mediaKind('Podcast', none)).toBe('audio');
  });

  it('lets the attached recording decide an interview or a mislabelled item', () => {
    expect(mediaKind('interview', { video: false, audio: true })).toBe('audio');
    expect(mediaKind('podcast', { video: true, audio: false })).toBe('video');
    expect(mediaKind('photo', { video: true, audio: true })).toBe('image');
  });

  it('infers an unknown or missing type from the recording, else image', () => {
    expect(mediaKind(null, { video: true, audio: false })).toBe('video');
    expect(mediaKind('zine', { video: false, audio: true })).toBe('audio');
    expect(mediaKind(null, none)).toBe('image');
  });
});

describe('reshapeMediaArchiveItem on the snapshot', () => {
  type Raw = { slug: string };
  const items = JSON.parse(
    readFileSync(path.join(process.cwd(), 'content', 'snapshot', 'media-archive.json'), 'utf8'),
  ) as Raw[];
  const bySlug = (slug: string) => {
    const raw = items.find((i) => i.slug === slug);
    expect(raw, slug).toBeDefined();
    return reshapeMediaArchiveItem(raw, {})!;
  };

  it('gives a photo gallery the first image in spec order and its gallery images', () => {
    const item = bySlug('black-history-month-evening-2024-gallery');
    expect(item.kind).toBe('image');
    expect(item.fields.featured_image).toBe('/content-media/2024/11/media-bhm-gallery.jpg');
    // event_image comes before featured_image in docs/SPEC-NOTES.md §3's order.
    expect(item.image).toMatchObject({ url: '/content-media/2024/09/event-bhm-evening.jpg' });
    expect(item.gallery.map((g) => g.url)).toEqual([
      '/content-media/2024/11/media-bhm-gallery-1.jpg',
      '/content-media/2024/11/media-bhm-gallery-2.jpg',
      '/content-media/2024/11/media-bhm-gallery-3.jpg',
    ]);
  });

  it('reads a video item with an external page link and the kinds of the others', () => {
    const video = bySlug('stop-the-scan-explainer-video');
    expect(video.kind).toBe('video');
    expect(video.externalUrl).toBe('https://www.youtube.com/watch?v=LRJNscan024');
    expect(bySlug('network-voices-episode-1-belonging').kind).toBe('audio');
    expect(bySlug('saturday-welcome-table-audio-postcard').kind).toBe('audio');
    expect(bySlug('annual-gathering-2025-photos').kind).toBe('image');
  });
});
