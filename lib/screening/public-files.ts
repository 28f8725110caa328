/**
 * The URL paths of the files that really exist in `public/`, plus the app's icon files (`app/icon.svg` and
 * friends, served at the site root), read once per process at start-up. Screening exempts exactly these
 * (lib/screening/classify.ts), instead of trusting any path that ends in a file extension.
 *
 * A missing or unreadable folder gives an empty list: those requests then simply count, which is the safe side.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** App Router metadata files served from the root of the site (only those at `app/`'s top level exist here). */
const APP_ICON = /^(?:icon|apple-icon|favicon)\.(?:ico|png|svg|jpe?g)$/;

/** Lists `root` recursively as URL paths (`/images/hero.jpg`). */
export function listPublicFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const relative = path.relative(root, path.join(entry.parentPath, entry.name));
        return `/${relative.split(path.sep).map(encodeURIComponent).join('/')}`;
      });
  } catch {
    return [];
  }
}

/** The app's own icon files at the top of `appDir` (`/icon.svg`). */
export function listAppIcons(appDir: string): string[] {
  try {
    return readdirSync(appDir)
      .filter((name) => APP_ICON.test(name))
      .map((name) => `/${name}`);
  } catch {
    return [];
  }
}

let files: ReadonlySet<string> | undefined;

/** The static files of this deployment, from `public/` and `app/` under the working directory (cached). */
export function publicFiles(): ReadonlySet<string> {
  files ??= new Set([
    ...listPublicFiles(path.join(process.cwd(), 'public')),
    ...listAppIcons(path.join(process.cwd(), 'app')),
  ]);
  return files;
}
