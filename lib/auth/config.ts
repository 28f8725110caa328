import 'server-only';

import { env } from '@/lib/config/env';

/** The adapter the environment selects: 'supabase' when both Supabase variables are set, else 'local'. */
export function authKind(): 'local' | 'supabase' {
  const e = env();
  return e.NEXT_PUBLIC_SUPABASE_URL && e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY ? 'supabase' : 'local';
}
