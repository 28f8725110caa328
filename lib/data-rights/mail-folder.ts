import 'server-only';

import { readFile, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

import { env } from '@/lib/config/env';
import { normaliseEmail } from '@/lib/db';
import { DEFAULT_MAIL_DIR } from '@/lib/mailing';

/**
 * The mail folder's copies (D6): without SMTP_URL every email the site sends is also written as an `.eml` file to
 * MAIL_DIR (lib/mailing/transport/send.ts), and those copies hold names, messages and replies. The outbox
 * worker prunes files older than RETENTION_LOG_DAYS (`pruneMailFolder`), and an erasure deletes every copy that
 * concerns the erased address at once (`deleteMailCopiesAbout`). Only `.eml` files directly in the folder are
 * touched; anything else there is left alone.
 */

export interface MailFolderOptions {
  /** The folder; default MAIL_DIR, else `.data/mail` ('none': no folder, nothing to do). */
  mailDir?: string;
}

/** The folder's absolute path, or null when mail is not written to a folder ('none'). */
function folderOf(options: MailFolderOptions): string | null {
  const dir = options.mailDir ?? env().MAIL_DIR ?? DEFAULT_MAIL_DIR;
  return dir === 'none' ? null : path.resolve(process.cwd(), dir);
}

/** The `.eml` files directly in the folder (absolute paths); none when the folder does not exist. */
async function emlFiles(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.filter((e) => e.isFile() && e.name.endsWith('.eml')).map((e) => path.join(folder, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Deletes a file that may already be gone (a concurrent prune). */
async function remove(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * An `.eml` file's text as a reader would search it: quoted-printable soft line breaks joined and `=XX` escapes
 * decoded (nodemailer encodes long or non-ASCII bodies so), lower-cased. Enough to find an address, which is
 * ASCII in headers and bodies alike.
 */
export function searchableMailText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .toLowerCase();
}

/**
 * Deletes the mail folder's copies that concern `email`: every `.eml` file that names the address anywhere (To,
 * Reply-To of an enquiry's forward to staff, the body) or one of `alsoNaming` (the ids of the person's enquiries:
 * a notice to staff links the enquiry without the address). @returns how many were deleted. @throws on a file
 * system error other than a missing folder or file.
 */
export async function deleteMailCopiesAbout(
  email: string,
  { alsoNaming = [], ...options }: MailFolderOptions & { alsoNaming?: readonly string[] } = {},
): Promise<number> {
  const folder = folderOf(options);
  if (!folder) return 0;
  const address = normaliseEmail(email);
  if (!address) return 0;
  const needles = [address, ...alsoNaming.map((id) => id.toLowerCase()).filter((id) => id.length >= 8)];
  let deleted = 0;
  for (const file of await emlFiles(folder)) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const searchable = searchableMailText(text);
    if (needles.some((n) => searchable.includes(n)) && (await remove(file))) deleted++;
  }
  return deleted;
}

/**
 * Deletes the mail folder's `.eml` files last written more than `olderThanDays` days before `now`.
 * @returns how many were deleted. @throws on a file system error other than a missing folder or file.
 */
export async function pruneMailFolder({
  olderThanDays,
  now = new Date(),
  ...options
}: MailFolderOptions & { olderThanDays: number; now?: Date }): Promise<number> {
  const folder = folderOf(options);
  if (!folder) return 0;
  const before = now.getTime() - olderThanDays * 24 * 3600 * 1000;
  let deleted = 0;
  for (const file of await emlFiles(folder)) {
    try {
      if ((await stat(file)).mtimeMs < before && (await remove(file))) deleted++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}
