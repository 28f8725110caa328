import { ImageResponse } from 'next/og';

import { slugParam } from '@/i18n/params';
import { getPost } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';

/** The size of link-preview images (Open Graph and Twitter). */
const size = { width: 1200, height: 630 };

/**
 * GET /blog/{slug}/social-image – the generated link-preview image of a post: the title on the brand gradient,
 * with the site's name. A route handler rather than Next's `opengraph-image` file, whose `og:image` URL carries
 * the `/en` segment that locale routing then redirects away; the post's metadata names this route at its final,
 * unprefixed address (lib/seo/metadata.ts). Unknown slugs never get here (proxy.ts answers 404).
 */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/blog/[slug]/social-image'>) {
  const slug = await slugParam(params);
  let title = '';
  try {
    title = (await getPost(slug))?.title ?? '';
  } catch {
    // A card without the title beats a broken preview.
  }
  const site = siteConfig();
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        color: 'white',
        background: 'linear-gradient(135deg, #3b0764 0%, #4c1d95 55%, #1e3a8a 100%)',
      }}
    >
      <div style={{ display: 'flex', fontSize: 30, opacity: 0.9 }}>{site.name}</div>
      <div
        style={{ display: 'flex', fontSize: title.length > 70 ? 56 : 68, fontWeight: 700, lineHeight: 1.15 }}
      >
        {title || site.name}
      </div>
      <div style={{ display: 'flex', width: 160, height: 10, borderRadius: 5, background: '#f59e0b' }} />
    </div>,
    { ...size, headers: { 'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400' } },
  );
}
