/**
 * Share links (docs/SPEC-NOTES.md §7 "Outbound links"): Facebook, X/Twitter, LinkedIn and WhatsApp with the page URL and a
 * text. Pure; URLs built with URLSearchParams. `url` must be absolute.
 */
export type ShareTarget = 'facebook' | 'x' | 'linkedin' | 'whatsapp';

export function shareLinks(url: string, text: string): Record<ShareTarget, string> {
  const q = (base: string, params: Record<string, string>) =>
    `${base}?${new URLSearchParams(params).toString()}`;
  return {
    facebook: q('https://www.facebook.com/sharer/sharer.php', { u: url }),
    x: q('https://twitter.com/intent/tweet', { url, text }),
    linkedin: q('https://www.linkedin.com/sharing/share-offsite/', { url }),
    whatsapp: q('https://wa.me/', { text: `${text} ${url}` }),
  };
}
