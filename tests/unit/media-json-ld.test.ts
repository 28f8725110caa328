import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/lib/config/env';
import { buildSiteConfig } from '@/lib/config/site';
import { mediaObjectJsonLd } from '@/lib/seo/json-ld';

const site = buildSiteConfig(parseEnv({}));
const common = {
  path: '/es/media-archive/item',
  title: 'Item',
  description: 'About the item',
  datePublished: '2025-03-20T10:00:00.000Z',
  inLanguage: 'es',
};

describe('mediaObjectJsonLd', () => {
  it('describes an image with absolute content URL', () => {
    expect(
      mediaObjectJsonLd(site, { ...common, kind: 'image', imageUrl: '/content-media/2025/03/a.jpg' }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ImageObject',
      name: 'Item',
      description: 'About the item',
      url: 'http://localhost:3000/es/media-archive/item',
      datePublished: '2025-03-20T10:00:00.000Z',
      contentUrl: 'http://localhost:3000/content-media/2025/03/a.jpg',
      thumbnailUrl: 'http://localhost:3000/content-media/2025/03/a.jpg',
      inLanguage: 'es',
      publisher: { '@type': 'NGO', name: site.name, url: site.url },
    });
  });

  it('gives a video its upload date, embed URL and thumbnail', () => {
    const data = mediaObjectJsonLd(site, {
      ...common,
      kind: 'video',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      imageUrl: '/content-media/poster.jpg',
    });
    expect(data).toMatchObject({
      '@type': 'VideoObject',
      uploadDate: '2025-03-20T10:00:00.000Z',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      image: 'http://localhost:3000/content-media/poster.jpg',
    });
    expect(data).not.toHaveProperty('contentUrl');
  });

  it('gives audio its file, the image as thumbnail, and falls back to the title as description', () => {
    const data = mediaObjectJsonLd(site, {
      ...common,
      description: '',
      kind: 'audio',
      contentUrl: 'https://cms.example.org/wp-content/uploads/ep1.wav',
      imageUrl: '/content-media/cover.jpg',
    });
    expect(data).toMatchObject({
      '@type': 'AudioObject',
      description: 'Item',
      contentUrl: 'https://cms.example.org/wp-content/uploads/ep1.wav',
      thumbnailUrl: 'http://localhost:3000/content-media/cover.jpg',
    });
    expect(data).not.toHaveProperty('uploadDate');
  });
});
