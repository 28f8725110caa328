/**
 * The Access Blocked page sent with a 429 (docs/ARCHITECTURE.md §3). A self-contained HTML string: answering a flood must
 * cost almost nothing, so it renders no React and needs no other request (inline styles, no scripts).
 */
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import pt from '@/messages/pt.json';
import { localizedPath } from '@/i18n/paths';
import type { Locale } from '@/i18n/routing';

const BLOCKED: Record<Locale, typeof en.Blocked> = {
  en: en.Blocked,
  es: { ...en.Blocked, ...es.Blocked },
  fr: { ...en.Blocked, ...fr.Blocked },
  pt: { ...en.Blocked, ...pt.Blocked },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function blockedPageHtml(locale: Locale, retryAfterSeconds: number, siteName: string): string {
  const t = BLOCKED[locale];
  const retry = t.retry.replace('{seconds}', String(retryAfterSeconds));
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
<p>${escapeHtml(t.message)}</p>
<p>${escapeHtml(retry)}</p>
<p><a href="${localizedPath(locale, '/')}">${escapeHtml(t.home)}</a></p>
</main>
</body>
</html>`;
}
