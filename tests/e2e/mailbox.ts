import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

import { type Page, expect } from '@playwright/test';

import { waitForHydration } from './fixtures';

/**
 * The site's mail as a person running it with no configuration sees it: without SMTP_URL every message is also
 * written as an .eml file to `.data/mail` (MAIL_DIR; lib/mailing/transport/send.ts). All the test servers share that folder;
 * tests find their messages by their unique addresses.
 */
export const MAIL_DIR = path.resolve(process.env.MAIL_DIR ?? '.data/mail');

/**
 * How often the tests look in the mail folder while they wait for a message (every 250 ms after the first
 * 100 ms): a message lands within a second of the action that sends it, and Playwright's default back-off (up
 * to 1 s between looks) waited most of a second longer than needed for each of the run's many mails.
 */
export const MAIL_POLL_INTERVALS = [100, 250];

export interface MailedMessage {
  file: string;
  subject: string;
  text: string;
}

/** Undoes quoted-printable (RFC 2045): soft line breaks and =XX bytes, as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every message in the mail folder addressed to `email`, oldest first (file names sort by time). */
export async function mailTo(email: string): Promise<MailedMessage[]> {
  const files = (await readdir(MAIL_DIR).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const found: MailedMessage[] = [];
  for (const file of files) {
    const eml = await readFile(path.join(MAIL_DIR, file), 'utf8');
    const split = eml.indexOf('\r\n\r\n');
    const head = eml.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const to = /^To: (.*)$/m.exec(head)?.[1] ?? '';
    if (!to.toLowerCase().includes(email.toLowerCase())) continue;
    const body = eml.slice(split + 4);
    const qp = /^Content-Transfer-Encoding: quoted-printable/im.test(head);
    found.push({
      file,
      subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
      text: qp ? decodeQuotedPrintable(body) : body,
    });
  }
  return found;
}

/** The newest link to `/auth/confirm` mailed to `email` (waits up to 15 s for the message), as path + query. */
export async function mailedConfirmLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await mailTo(email);
        link = messages
          .map((m) => /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(m.text)?.[0])
          .filter(Boolean)
          .at(-1);
        return link;
      },
      { message: `a confirmation link mailed to ${email}`, timeout: 15_000, intervals: MAIL_POLL_INTERVALS },
    )
    .toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/**
 * Opens an emailed `/auth/confirm` link (`link`: path + query) as a person does: the page spends nothing until its
 * button is pressed (mail scanners fetch links), so this presses it (in whatever language the page is) and waits
 * until the browser has left /auth/confirm.
 */
export async function openEmailLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.locator('form:has(input[name="token_hash"]) button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/auth\/confirm/, { timeout: 20_000 });
}

/** Fills in and sends the English sign-up form, and waits for the "check your inbox" page. */
export async function submitSignUp(page: Page, email: string, name: string, password: string) {
  await page.goto('/login?mode=signup');
  await waitForHydration(page);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-confirmation$/, { timeout: 20_000 });
}

/**
 * Signs up as `name` <`email`> at /login, opens the confirmation link from the mail folder, and waits until the
 * header says signed in (confirming signs the person in). On a retry, when the account already exists, it signs
 * in with the same password instead.
 */
export async function signUpConfirmed(page: Page, email: string, name: string, password: string) {
  const before = (await mailTo(email)).length;
  await submitSignUp(page, email, name, password);
  let newest: MailedMessage | undefined;
  await expect
    .poll(async () => (newest = (await mailTo(email)).at(before)), {
      message: `the sign-up email to ${email}`,
      timeout: 15_000,
      intervals: MAIL_POLL_INTERVALS,
    })
    .toBeTruthy();
  const link = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(newest!.text)?.[0];
  if (link) {
    const url = new URL(link);
    await openEmailLink(page, `${url.pathname}${url.search}`);
    await expect(page).toHaveURL(/\/login\?confirmed=1/);
  } else {
    // A retry: the address already has an account, and the email says so instead of carrying a link.
    await page.goto('/login');
    await waitForHydration(page);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await expect(
    page.getByRole('button', { name: new RegExp(`Account menu: Signed in as ${name}`) }),
  ).toBeVisible({
    timeout: 20_000,
  });
}

/**
 * Signs in as `email` when that account exists already, else signs up and confirms it (signUpConfirmed). For the
 * e2e admin, which several specs share: signing up again each time would spend the address's sign-up emails (3 an
 * hour, lib/auth/limits.ts) and then stop at the rate-limit message.
 */
export async function signInOrSignUp(page: Page, email: string, name: string, password: string) {
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const menu = page.getByRole('button', { name: new RegExp(`Account menu: Signed in as ${name}`) });
  const refused = page.getByRole('main').getByRole('alert').filter({ hasText: /\S/ });
  await expect(menu.or(refused).first()).toBeVisible({ timeout: 20_000 });
  if (await menu.isVisible()) return;
  await signUpConfirmed(page, email, name, password);
}

/** Runs `npm run user:admin -- <email>` against `databaseUrl`; @returns its output (throws on a non-zero exit). */
export async function grantAdminByCommand(email: string, databaseUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'user:admin', '--', email], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  });
  return stdout;
}
