import { describe, expect, it } from 'vitest';

import { postgresTls } from '@/lib/db/client';

describe('postgresTls (security review L3: TLS to any PostgreSQL off this machine)', () => {
  it.each([
    ['postgres://u:p@aws-0-eu-west-2.pooler.supabase.com:6543/postgres', 'require'],
    ['postgres://u:p@db.internal:5432/lrjn', 'require'],
    ['postgres://u:p@10.0.0.5/lrjn', 'require'],
    ['postgres://u:p@[2001:db8::1]:5432/lrjn', 'require'],
  ])('requires TLS for %s', (url, mode) => {
    expect(postgresTls(url)).toBe(mode);
  });

  it.each([
    'postgres://u:p@localhost:5432/lrjn',
    'postgres://u:p@127.0.0.1:45385/lrjn_test',
    'postgres://u:p@[::1]:5432/lrjn',
    'postgres://u:p@/lrjn?host=/var/run/postgresql',
  ])('leaves a server on this machine in plain text: %s', (url) => {
    expect(postgresTls(url)).toBe(false);
  });

  it('lets an explicit sslmode in the URL decide', () => {
    expect(postgresTls('postgres://u:p@db.example.org/lrjn?sslmode=verify-full')).toBeUndefined();
    expect(postgresTls('postgres://u:p@db.example.org/lrjn?sslmode=disable')).toBeUndefined();
  });
});
