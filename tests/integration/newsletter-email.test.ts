import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { sendEmail } from '@/lib/mailing/transport';
import { newsletterConfirmEmail, newsletterEmailTexts } from '@/lib/mailing';

import { type SmtpServer, startSmtpServer } from '../helpers/smtp-server';

/**
 * The newsletter confirmation email as it leaves the site: its texts in every language, and the RFC 8058
 * one-click headers on the wire (SMTP, through a local SMTP server) and in the development mail folder.
 */
const links = {
  to: 'ana@example.org',
  siteName: 'Leeds Racial Justice Network',
  confirmUrl: 'https://site.example/newsletter/confirm?token=c.x',
  unsubscribeUrl: 'https://site.example/newsletter/unsubscribe?token=u.x',
  oneClickUrl: 'https://site.example/api/newsletter/unsubscribe?token=u.x',
};

describe('newsletter confirmation email', () => {
  let smtp: SmtpServer;
  let root: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    root = await mkdtemp(path.join(tmpdir(), 'lrjn-news-mail-'));
  });
  afterAll(async () => {
    await smtp?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('is translated: every language has its own subject and body around the same links', async () => {
    const subjects = new Set<string>();
    for (const locale of ['en', 'es', 'fr', 'pt']) {
      const message = newsletterConfirmEmail(links, await newsletterEmailTexts(locale));
      subjects.add(message.subject);
      expect(message.subject).toContain(links.siteName);
      expect(message.text).toContain(`\n${links.confirmUrl}\n`);
      expect(message.text).toContain(`\n${links.unsubscribeUrl}\n`);
      expect(message.text).not.toMatch(/confirmIntro|NewsletterEmails/);
    }
    expect(subjects.size).toBe(4);
    const fallback = newsletterConfirmEmail(links, await newsletterEmailTexts('de'));
    expect(fallback.subject).toBe(newsletterConfirmEmail(links, await newsletterEmailTexts('en')).subject);
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post over SMTP', async () => {
    const message = newsletterConfirmEmail(links, await newsletterEmailTexts('en'));
    expect(await sendEmail(message, { smtpUrl: smtp.url, from: 'no-reply@example.org' })).toEqual({
      ok: true,
      via: 'smtp',
    });
    const [received] = smtp.messages;
    const head = received!.data.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    expect(head).toMatch(
      /^List-Unsubscribe: <https:\/\/site\.example\/api\/newsletter\/unsubscribe\?token=u\.x>$/m,
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('carries them in the mail folder copy too', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const message = newsletterConfirmEmail(links, await newsletterEmailTexts('fr'));
      await sendEmail(message, { smtpUrl: null, mailDir: root, from: 'no-reply@example.org' });
    } finally {
      info.mockRestore();
    }
    const [file] = await readdir(root);
    const eml = await readFile(path.join(root, file!), 'utf8');
    // Unfold long header lines (RFC 5322 §2.2.3) before matching.
    const head = eml.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    expect(head).toMatch(
      /^List-Unsubscribe: <https:\/\/site\.example\/api\/newsletter\/unsubscribe\?token=u\.x>\r$/m,
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  });
});
