// GET /feed.xml – RSS 2.0 feed of the 20 latest posts (built with the `feed` package).
import { Feed } from 'feed';

import { getPostList } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { parseGmt } from '@/lib/utils/format';

export const revalidate = 3600;

export async function GET() {
  const site = siteConfig();
  const { posts } = await getPostList({ perPage: 20 });
  const feed = new Feed({
    title: `${site.name} – Blog`,
    description: `News, stories and reflections from ${site.name}.`,
    id: new URL('/blog', site.url).toString(),
    link: new URL('/blog', site.url).toString(),
    language: 'en-GB',
    copyright: `© ${new Date().getFullYear()} ${site.name}`,
    updated: posts[0] ? (parseGmt(posts[0].dateGmt) ?? undefined) : undefined,
    feedLinks: { rss: new URL('/feed.xml', site.url).toString() },
  });
  for (const post of posts) {
    const url = new URL(`/blog/${post.slug}`, site.url).toString();
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      description: post.excerpt,
      date: parseGmt(post.dateGmt) ?? new Date(0),
      author: post.author ? [{ name: post.author.name }] : undefined,
      image: post.image ? new URL(post.image.url, site.url).toString() : undefined,
    });
  }
  return new Response(feed.rss2(), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  });
}
