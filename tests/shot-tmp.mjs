import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const [url, out, w, h] = process.argv.slice(2);
const page = await browser.newPage({ viewport: { width: Number(w||1280), height: Number(h||300) } });
await page.addInitScript(() => localStorage.setItem('gdpr-consent','accepted'));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out });
await browser.close();
