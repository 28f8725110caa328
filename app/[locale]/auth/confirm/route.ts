import { type NextRequest, NextResponse } from 'next/server';

import { localizeHref } from '@/i18n/client-paths';
import { isLocale, routing, toLocale } from '@/i18n/routing';
import { type EmailLinkType, getAuth } from '@/lib/auth';
import { confirmTarget } from '@/lib/auth/return-path';

const TYPES: readonly EmailLinkType[] = ['signup', 'email', 'recovery'];

/**
 * `GET /auth/confirm?token_hash=…&type=signup|email|recovery[&next=…][&locale=…]` (the proxy's locale routing
 * rewrites it to /en/auth/confirm, hence under [locale]): the emailed links of both adapters (local accounts and Supabase's token-hash templates, docs/ARCHITECTURE.md §2). Opens the link
 * (`confirmEmail`: Supabase `verifyOtp`), which signs the person in, then redirects (303, see `confirmTarget`): a
 * confirmation to `/login?confirmed=1`, a recovery to `/login?mode=reset`, both with `&next=…` when `next` is a
 * safe site path (the login page then offers Continue to it); a bad, used or expired link to `/login?error=link`.
 * Never cached.
 */
export async function GET(
  request: NextRequest,
  { params }: RouteContext<'/[locale]/auth/confirm'>,
): Promise<Response> {
  const query = request.nextUrl.searchParams;
  // The `locale` parameter local emails carry, else the path's (/es/auth/confirm), else English.
  const { locale: pathLocale } = await params;
  const candidates = [query.get('locale'), pathLocale !== routing.defaultLocale ? pathLocale : null];
  const locale = toLocale(candidates.find(isLocale));
  const type = query.get('type') as EmailLinkType | null;
  const tokenHash = query.get('token_hash') ?? '';

  let confirmed = false;
  if (type && TYPES.includes(type) && tokenHash && tokenHash.length <= 256)
    confirmed = (await (await getAuth()).confirmEmail({ tokenHash, type })).ok;
  const target = confirmTarget(type, confirmed, query.get('next'));
  // A relative Location: request.url carries the server's bind address (localhost:3000), not the public host.
  return new NextResponse(null, {
    status: 303,
    headers: { Location: localizeHref(locale, target), 'Cache-Control': 'no-store' },
  });
}
