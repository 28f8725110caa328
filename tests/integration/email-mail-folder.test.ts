import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { sendEmail } from '@/lib/mailing/transport';

/**
 * Without SMTP_URL (the embedded default, docs/ARCHITECTURE.md §2) `sendEmail` writes each message as an .eml file to the
 * mail folder, so a person running the site with no configuration can open the confirmation links it sends.
 */
describe('sendEmail without SMTP: the mail folder', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lrjn-mail-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const message = {
    to: 'Zoë Example <zoe@example.org>',
    subject: 'Confirmez votre adresse e-mail',
    text: 'Bonjour Zoë,\n\nhttps://example.org/auth/confirm?token_hash=abc&type=signup\n',
  };

  it('writes an RFC 5322 message readable only by the server user, and names the file in the log', async () => {
    const dir = path.join(root, 'mail');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const outcome = await sendEmail(message, {
        smtpUrl: null,
        mailDir: dir,
        from: 'Site <no-reply@example.org>',
        reference: 'auth.email (signup)',
      });
      expect(outcome).toEqual({ ok: true, via: 'outbox' });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
      const eml = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(eml).toMatch(/^To: =\?UTF-8\?Q\?Zo=C3=AB_Example\?= <zoe@example\.org>\r$/m);
      expect(eml).toMatch(/^From: Site <no-reply@example\.org>\r$/m);
      expect(eml).toMatch(/^Subject: Confirmez votre adresse e-mail\r$/m);
      // Quoted-printable body: the link survives whole once soft line breaks are undone.
      const body = eml.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/=\r\n/g, '').replace(/=3D/g, '=');
      expect(body).toContain('https://example.org/auth/confirm?token_hash=abc&type=signup');
      expect((await stat(path.join(dir, files[0]!))).mode & 0o777).toBe(0o600);
      const line = info.mock.calls.map((c) => c.join(' ')).find((l) => l.startsWith('[email]'));
      expect(line).toContain(files[0]);
      expect(line).not.toContain('zoe@example.org');
    } finally {
      info.mockRestore();
    }
  });

  it("writes nothing with 'none'", async () => {
    const dir = path.join(root, 'none-test');
    expect(await sendEmail(message, { smtpUrl: null, mailDir: 'none' })).toEqual({ ok: true, via: 'outbox' });
    await expect(readdir(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('still counts as delivered (the outbox table has it) when the folder cannot be written', async () => {
    const blocker = path.join(root, 'a-file');
    await writeFile(blocker, 'not a folder');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      expect(await sendEmail(message, { smtpUrl: null, mailDir: blocker })).toEqual({
        ok: true,
        via: 'outbox',
      });
      expect(warn.mock.calls.map((c) => c.join(' ')).join('\n')).toMatch(/mail folder/);
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });
});
