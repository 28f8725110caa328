/**
 * The 404 page `proxy.ts` answers for content that does not exist (an unknown slug, a malformed one) without
 * rendering the app: a rendered 404 of an ISR route would be stored in the route cache (security review finding
 * H2). A self-contained, translated HTML string, like the screening's Access Blocked page; `Cache-Control:
 * no-store`, so nothing in front of the site keeps it either.
 */
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import pt from '@/messages/pt.json';
import { localizedPath } from '@/i18n/paths';
import type { Locale } from '@/i18n/routing';

const NOT_FOUND: Record<Locale, typeof en.NotFound> = {
  en: en.NotFound,
  es: { ...en.NotFound, ...es.NotFound },
  fr: { ...en.NotFound, ...fr.NotFound },
  pt: { ...en.NotFound, ...pt.NotFound },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The HTML of the not-found page in `locale`, titled `{title} | {siteName}`. */
export function notFoundPageHtml(locale: Locale, siteName: string): string {
  const t = NOT_FOUND[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} | ${escapeHtml(siteName)}</title>
<style>
:root{color-scheme:light dark;--bg:#fff;--fg:#0f172a;--muted:#475569;--brand:#5b21b6}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--fg:#f1f5f9;--muted:#a3b1c6;--brand:#c4b5fd}}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:36rem;padding:2rem;text-align:center}
h1{font-size:2rem;margin:0 0 1rem}
p{color:var(--muted)}
a{color:var(--brand)}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.description)}</p>
<p><a href="${localizedPath(locale, '/')}">${escapeHtml(t.home)}</a> · <a href="${localizedPath(locale, '/contact')}">${escapeHtml(t.contact)}</a></p>
</main>
</body>
</html>`;
}

/** A 404 response with that page (HEAD gets the headers only). */
export function notFoundResponse(locale: Locale, siteName: string, method = 'GET'): Response {
  return new Response(method === 'HEAD' ? null : notFoundPageHtml(locale, siteName), {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
