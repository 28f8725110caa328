/**
 * The boundaries of docs/ARCHITECTURE.md §1 "The arrows" are enforced by ESLint (eslint.config.mjs): outside its
 * folder a write-side domain resolves only through its entries, and components never import from app/. Lints small
 * sources with the repository's own config, as `npx eslint` would at those paths.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let eslint: ESLint;

/** The no-restricted-imports messages ESLint reports for `source` as if it were the file at `file`. */
async function restricted(source: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

describe('import boundaries', () => {
  it('refuses a deep import of a domain from outside it', async () => {
    const messages = await restricted(
      "import { contactForm } from '@/lib/enquiries/handler';\nexport const s = contactForm;\n",
      'lib/admin/probe.ts',
    );
    expect(messages.join('\n')).toMatch(/through its entry/);
  }, 60_000);

  it('accepts the server entry, the client-safe entry, the lazily loaded schemas and the actions', async () => {
    const source = [
      "import { handleSubmitEnquiry } from '@/lib/enquiries';",
      "import { CONTACT_FIELDS } from '@/lib/enquiries/shared';",
      "import { contactSchema } from '@/lib/enquiries/schema';",
      "import { submitEnquiry } from '@/lib/enquiries/actions';",
      'export const all = [handleSubmitEnquiry, CONTACT_FIELDS, contactSchema, submitEnquiry];',
      '',
    ].join('\n');
    expect(await restricted(source, 'lib/admin/probe.ts')).toEqual([]);
  }, 60_000);

  it('lets a domain import its own modules directly', async () => {
    const source =
      "import { contactSchema } from '@/lib/enquiries/schema';\nexport const s = contactSchema;\n";
    expect(await restricted(source, 'lib/enquiries/probe.ts')).toEqual([]);
  }, 60_000);

  it('refuses an import of app/ from a component', async () => {
    const source = "import { metadata } from '@/app/layout';\nexport const m = metadata;\n";
    expect((await restricted(source, 'components/layout/probe.tsx')).join('\n')).toMatch(
      /may not import from app/,
    );
  }, 60_000);
});
