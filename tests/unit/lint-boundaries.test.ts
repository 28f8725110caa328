/**
 * The boundaries of docs/ARCHITECTURE.md §1 "The arrows" and "The rules" are enforced by ESLint (eslint.config.mjs):
 * outside its folder a write-side domain resolves only through its entries, components never import from app/, and
 * the three rules (only the pipeline guards and parses in lib/; pages never read the tables; SQL only in lib/db).
 * Lints small sources and broken copies of real files with the repository's own config, as `npx eslint` would at
 * those paths.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/**
 * The rules the code cannot break (eslint.config.mjs, docs/ARCHITECTURE.md §1 "The rules"). Each is shown failing on
 * a deliberately broken copy of a real file of the tree, linted at a path where the rule applies, and passing on
 * the original where it lives.
 */
describe('the rules the code cannot break', () => {
  /** Rule 1-3 messages ESLint reports for `source` as the file at `file` (either restriction rule). */
  async function ruleMessages(source: string, file: string, rule: 1 | 2 | 3): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
    return (result?.messages ?? [])
      .filter((m) => m.message.startsWith(`Rule ${rule} `) || m.message.includes(` Rule ${rule} `))
      .map((m) => `${file}:${m.line} ${m.message}`);
  }
  const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

  describe('rule 1: in lib/, only action() / route() and the guards check the user or parse raw input', () => {
    it('refuses a guard call or a parse in a module of lib/', async () => {
      const guard = [
        "import { checkStaff } from '@/lib/auth';",
        'export async function op() {',
        '  const guard = await checkStaff();',
        '  return guard.ok;',
        '}',
        '',
      ].join('\n');
      expect(await ruleMessages(guard, 'lib/back-office/probe.ts', 1)).toHaveLength(1);
      const parse = [
        "import { z } from 'zod';",
        'const input = z.object({ id: z.uuid() });',
        'export const run = (raw: unknown) => input.safeParse(raw).success && input.parse(raw);',
        '',
      ].join('\n');
      expect(await ruleMessages(parse, 'lib/back-office/probe.ts', 1)).toHaveLength(2);
      const auth =
        "import * as auth from '@/lib/auth';\nexport const who = () => auth.requireAdmin({ locale: 'en', next: '/' });\n";
      expect(await ruleMessages(auth, 'lib/courses/probe.ts', 1)).toHaveLength(1);
    }, 60_000);

    it('fails on a broken copy: lib/auth/roles.ts (the guards) moved into a module', async () => {
      const copy = await ruleMessages(read('lib/auth/roles.ts'), 'lib/back-office/roles-copy.ts', 1);
      expect(copy.join('\n')).toMatch(/only action\(\) and route\(\) parse input/);
      expect(await ruleMessages(read('lib/auth/roles.ts'), 'lib/auth/roles.ts', 1)).toEqual([]);
    }, 60_000);

    it('lets the pipeline, the guards and the named non-request parsers parse', async () => {
      const parse = [
        "import { z } from 'zod';",
        'const input = z.object({ id: z.string() });',
        'export const run = (raw: unknown) => input.safeParse(raw);',
        '',
      ].join('\n');
      for (const file of [
        'lib/safe-action.ts',
        'lib/auth/probe.ts',
        'lib/config/probe.ts',
        'lib/cms/probe.ts',
        'lib/blog/query.ts',
        'lib/back-office/filters.ts',
      ])
        expect(await ruleMessages(parse, file, 1), file).toEqual([]);
      const json = 'export const read = (text: string) => [JSON.parse(text), Date.parse(text)];\n';
      expect(await ruleMessages(json, 'lib/back-office/probe.ts', 1)).toEqual([]);
      const pages =
        "import { requireStaff } from '@/lib/auth';\nexport const guard = () => requireStaff({ locale: 'en', next: '/admin' });\n";
      expect(await ruleMessages(pages, 'app/[locale]/admin/probe/page.tsx', 1)).toEqual([]);
    }, 60_000);
  });

  describe('rule 1: the files still waiting for the pipeline', () => {
    it('lists each only while it still breaks the rule, and takes no new ones', async () => {
      // A plain import of the config would need its types (tsconfig has no allowJs).
      const config = pathToFileURL(path.join(ROOT, 'eslint.config.mjs')).href;
      const { RULE_1_PENDING } = (await import(config)) as { RULE_1_PENDING: Record<string, string> };
      expect(Object.keys(RULE_1_PENDING).length).toBeLessThanOrEqual(4);
      for (const file of Object.keys(RULE_1_PENDING)) {
        // The file's own text where the full rule applies: it must still be refused, else its entry goes.
        const probe = `${path.dirname(file)}/pending-probe.ts`;
        const messages = await ruleMessages(read(file), probe, 1);
        expect(
          messages.length,
          `${file} no longer breaks rule 1: delete it from RULE_1_PENDING`,
        ).toBeGreaterThan(0);
        expect(await ruleMessages(read(file), file, 1), file).toEqual([]);
      }
    }, 60_000);
  });

  describe('rule 2: pages and layouts never import @/lib/db', () => {
    const page = 'app/[locale]/about/page.tsx';

    it('fails on a broken copy of a page that reads the tables', async () => {
      const broken = `import { getDb } from '@/lib/db';\nexport const db = getDb;\n${read(page)}`;
      expect((await ruleMessages(broken, page, 2)).join('\n')).toMatch(/never reads the tables/);
      const deep = "import { adminAudit } from '@/lib/db/schema';\nexport const t = adminAudit;\n";
      expect(await ruleMessages(deep, 'app/[locale]/admin/layout.tsx', 2)).toHaveLength(1);
      expect(await ruleMessages(read(page), page, 2)).toEqual([]);
    }, 60_000);

    it('leaves other modules of app/ and lib/ to import the database entry', async () => {
      const source = "import { getDb } from '@/lib/db';\nexport const db = getDb;\n";
      expect(await ruleMessages(source, 'app/api/probe/route.ts', 2)).toEqual([]);
      expect(await ruleMessages(source, 'lib/back-office/probe.ts', 2)).toEqual([]);
    }, 60_000);
  });

  describe('rule 3: SQL only in lib/db', () => {
    const queries = 'lib/db/queries/roles.ts';

    it('fails on a broken copy: lib/db/queries/roles.ts moved out of lib/db', async () => {
      const copy = await ruleMessages(read(queries), 'lib/back-office/roles-copy.ts', 3);
      const text = copy.join('\n');
      expect(text).toMatch(/'drizzle-orm' import is restricted/);
      expect(text).toMatch(/no query builder on a database/);
      expect(text).toMatch(/write the query in lib\/db\/queries/);
      expect(await ruleMessages(read(queries), queries, 3)).toEqual([]);
    }, 60_000);

    it('refuses a relational query, a query on getDb() and a sql template in app/ and components/', async () => {
      const source = [
        "import { getDb } from '@/lib/db';",
        'export async function probe(id: string) {',
        '  const db = await getDb();',
        '  await db.transaction(async (tx) => tx.query.enquiries.findFirst({ where: (t, { eq }) => eq(t.id, id) }));',
        '  return (await getDb()).delete(null as never);',
        '}',
        '',
      ].join('\n');
      expect(await ruleMessages(source, 'app/api/probe/route.ts', 3)).toHaveLength(2);
      const tag =
        'declare const sql: (s: TemplateStringsArray) => string;\nexport const q = sql`select 1`;\n';
      expect(await ruleMessages(tag, 'components/back-office/probe.tsx', 3)).toHaveLength(1);
    }, 60_000);

    it('lets a module run a transaction and pass it to the query functions', async () => {
      const source = [
        "import { getDb, recordAudit } from '@/lib/db';",
        'export async function probe() {',
        '  const db = await getDb();',
        "  await db.transaction((tx) => recordAudit(tx, { actorId: null, actorEmail: 'cli', action: 'x' }));",
        '}',
        '',
      ].join('\n');
      expect(await ruleMessages(source, 'lib/back-office/probe.ts', 3)).toEqual([]);
    }, 60_000);
  });
});
