import { ImageResponse } from 'next/og';

import { slugParam } from '@/i18n/params';
import { getPost } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';

/** Generated Open Graph image for a post: the title on the brand gradient, with the site's name. */
export const alt = 'Blog post';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';
export const revalidate = 3600;

export default async function Image({ params }: { params: Promise<{ slug: string; locale: string }> }) {
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
    size,
  );
}
