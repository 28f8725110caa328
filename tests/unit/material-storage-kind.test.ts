import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * lib/storage/index.ts: the storage is chosen by MATERIALS_STORAGE, not by the kind of accounts
 * (issue 16 item 4); unset keeps the earlier choice (Supabase Storage with Supabase Auth, else the local folder).
 */
async function kindWith(vars: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  const { materialStorageKind, materialStorage } = await import('@/lib/storage');
  return { kind: materialStorageKind(), storage: materialStorage() };
}

const SUPABASE = {
  NEXT_PUBLIC_SUPABASE_URL: 'https://ref.supabase.co',
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_test',
};
const S3 = {
  MATERIALS_S3_ENDPOINT: 'https://s3.eu-west-2.amazonaws.com',
  MATERIALS_S3_BUCKET: 'lrjn-materials',
  MATERIALS_S3_ACCESS_KEY_ID: 'AKIA',
  MATERIALS_S3_SECRET_ACCESS_KEY: 'secret',
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('materialStorageKind', () => {
  it('unset: the local folder with local accounts, Supabase Storage with Supabase Auth (as before)', async () => {
    expect((await kindWith({ MATERIALS_STORAGE: '' })).kind).toBe('local');
    expect((await kindWith({ MATERIALS_STORAGE: '', ...SUPABASE })).kind).toBe('supabase');
  });

  it('set: S3 with local accounts, the local folder with Supabase Auth; both downloadable through /uploads', async () => {
    const s3 = await kindWith({ MATERIALS_STORAGE: 's3', ...S3 });
    expect(s3.kind).toBe('s3');
    expect(s3.storage.url('1700000000000_notes.pdf')).toBe('/uploads/1700000000000_notes.pdf');
    expect(s3.storage.read).toBeTypeOf('function');
    const local = await kindWith({ MATERIALS_STORAGE: 'local', ...SUPABASE });
    expect(local.kind).toBe('local');
    expect(local.storage.read).toBeTypeOf('function');
  });
});
