import parse, { domToReact, Element, type DOMNode, type HTMLReactParserOptions } from 'html-react-parser';
import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

import { CmsImage } from './cms-image';
import { EmbedFacade } from './embed-facade';

/** Links to files are left as plain anchors: client navigation is only for our pages. */
const FILE_LINK = /\.(pdf|docx?|xlsx?|pptx?|zip|jpe?g|png|gif|webp|mp3|mp4)(\?|#|$)/i;

/**
 * Renders CMS HTML that lib/cms has already sanitised: site-relative links become client navigation (with the
 * visitor's locale), images go through next/image with the fallback chain, and video iframes become
 * click-to-load embeds. Server component; adds no JavaScript of its own.
 */
export async function CmsHtml({
  html,
  className = '',
  size = 'lg',
}: {
  html: string;
  className?: string;
  /**
   * Type scale: `lg` (articles) or `base` (a short block inside a page). `base` is plain `prose`, which already has
   * the base scale, instead of the large scale undone by the plugin's base-size modifier: that modifier class made
   * the stylesheet carry a second full size block (about 8 KB raw) in front of every page's first paint. (The
   * modifier's name is not spelled out here: Tailwind scans comments too.)
   */
  size?: 'lg' | 'base';
}) {
  const t = await getTranslations('Embed');
  const options: HTMLReactParserOptions = {
    replace(node) {
      if (!(node instanceof Element)) return undefined;
      const children = () => domToReact(node.children as DOMNode[], options);
      if (node.name === 'a') {
        const href = node.attribs.href ?? '';
        if (href.startsWith('/') && !href.startsWith('//') && !FILE_LINK.test(href)) {
          return <Link href={href}>{children()}</Link>;
        }
        return undefined;
      }
      if (node.name === 'img') {
        const width = Number(node.attribs.width) || 1200;
        const height = Number(node.attribs.height) || 800;
        return (
          <CmsImage
            src={node.attribs.src}
            alt={node.attribs.alt ?? ''}
            width={width}
            height={height}
            sizes="(min-width: 768px) 720px, 100vw"
            className="h-auto w-full rounded-lg"
          />
        );
      }
      if (node.name === 'iframe' && node.attribs.src) {
        return (
          <EmbedFacade
            src={node.attribs.src}
            title={node.attribs.title || t('defaultTitle')}
            playLabel={t('play')}
            notice={t('notice')}
          />
        );
      }
      return undefined;
    },
  };
  return (
    <div
      className={`prose ${size === 'lg' ? 'prose-lg' : ''} max-w-none dark:prose-invert prose-a:text-brand prose-img:rounded-lg ${className}`}
    >
      {parse(html, options)}
    </div>
  );
}
