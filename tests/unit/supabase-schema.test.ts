import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { GENERATED_MARK, migrationVersion, supabaseSchemaFiles } from '@/scripts/supabase-schema';

const root = process.cwd();
const folder = path.join(root, 'supabase', 'migrations');

describe('supabase/migrations', () => {
  it('holds a current copy of every Drizzle migration (run `npm run db:generate` after changing the schema)', () => {
    const expected = supabaseSchemaFiles(root);
    expect(expected.length).toBeGreaterThan(0);
    for (const file of expected) {
      expect(readFileSync(path.join(folder, file.name), 'utf8'), file.name).toBe(file.content);
    }
    const generated = readdirSync(folder).filter((name) =>
      readFileSync(path.join(folder, name), 'utf8').startsWith(GENERATED_MARK),
    );
    expect(generated.sort()).toEqual(expected.map((f) => f.name).sort());
  });

  it('closes every generated table with row-level security until a policy opens it', () => {
    for (const file of supabaseSchemaFiles(root)) {
      const created = [...file.content.matchAll(/^CREATE TABLE "([^"]+)"/gm)].map((m) => m[1]);
      for (const table of created) {
        expect(file.content).toContain(`ALTER TABLE "public"."${table}" ENABLE ROW LEVEL SECURITY;`);
      }
    }
  });

  it('names migrations by their UTC time, as the Supabase CLI orders them', () => {
    expect(migrationVersion(Date.UTC(2026, 10, 22, 9, 5, 7, 450))).toBe('20261122090507');
  });
});
