import { Mail } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { SocialIcon } from '@/components/layout/social-icons';
import { localizedPath } from '@/i18n/paths';
import type { Locale } from '@/i18n/routing';
import { siteConfig } from '@/lib/config/site';
import { shareLinks, type ShareTarget } from '@/lib/utils/share';

import { ShareActions } from './share-actions';

/** WhatsApp has no mark in our icon set; a speech bubble reads as 'message'. */
function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor" className="size-5">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 2a8 8 0 1 1-4.1 14.9l-.3-.2-2.9.8.8-2.8-.2-.3A8 8 0 0 1 12 4Zm-3.2 4c-.2 0-.5 0-.7.3-.3.3-1 1-1 2.3s1 2.7 1.2 2.9c.1.2 2 3.1 4.9 4.2 2.4.9 2.9.8 3.4.7.5-.1 1.7-.7 1.9-1.4.2-.7.2-1.3.2-1.4-.1-.1-.3-.2-.6-.4l-1.8-.9c-.3-.1-.5-.1-.6.1l-.9 1.1c-.1.2-.3.2-.6.1-.3-.1-1.1-.4-2.1-1.3-.8-.7-1.3-1.5-1.4-1.8-.2-.3 0-.4.1-.6l.4-.5.3-.5v-.5l-.8-2c-.2-.5-.4-.5-.6-.5h-.5Z" />
    </svg>
  );
}

/**
 * 'Spread the Word' (docs/SPEC-NOTES.md §2 Community): share buttons that really share this page. The network links are plain
 * server-rendered links built by lib/utils/share (they work without JavaScript); the Web Share button (only where the
 * browser has navigator.share) and Copy link are a small client island.
 */
export async function SpreadTheWord({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Community' });
  const s = await getTranslations({ locale, namespace: 'SpreadTheWord' });
  const site = siteConfig();
  const url = `${site.url}${localizedPath(locale, '/community')}`;
  const text = t('shareText', { name: site.name });
  const links = shareLinks(url, text);
  const icons: Record<ShareTarget, ReactNode> = {
    facebook: <SocialIcon network="facebook" />,
    x: <SocialIcon network="x" />,
    linkedin: <SocialIcon network="linkedin" />,
    whatsapp: <WhatsAppIcon />,
  };
  const email = `mailto:?${new URLSearchParams({
    subject: s('emailSubject', { name: site.name }),
    body: `${text}\n\n${url}`,
  })
    .toString()
    .replace(/\+/g, '%20')}`;
  const item =
    'inline-flex min-h-11 items-center gap-2 rounded-full border border-border px-4 py-2 text-sm font-semibold hover:bg-surface';

  return (
    <section aria-labelledby="share-title" className="rounded-3xl bg-surface-strong p-8">
      <h2 id="share-title" className="text-3xl font-bold">
        {t('shareHeading')}
      </h2>
      <p className="mt-2 max-w-3xl text-muted">{t('shareBody')}</p>
      <ul className="mt-6 flex flex-wrap gap-3">
        <ShareActions url={url} title={site.name} text={text} itemClass={item} />
        {(Object.keys(icons) as ShareTarget[]).map((target) => (
          <li key={target}>
            <a href={links[target]} target="_blank" rel="noopener noreferrer" className={item}>
              {icons[target]}
              {s(target)}
              <span className="sr-only"> {s('newTab')}</span>
            </a>
          </li>
        ))}
        <li>
          <a href={email} className={item}>
            <Mail aria-hidden className="size-5" />
            {s('email')}
          </a>
        </li>
      </ul>
    </section>
  );
}
