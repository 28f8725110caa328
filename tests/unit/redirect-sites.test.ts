import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { redirectSitesIn, scanRedirectSites } from '@/tests/helpers/redirect-sites';

/**
 * Security review NM1: the preview exit link had its own redirect check, which missed what the URL parse makes of
 * dot segments, and sent visitors to `//evil.example`. Every redirect target must now be a constant, or pass
 * through lib/redirects/safe-return.ts (`safeRedirectPath`, `safeReturnTarget`, `safeReturnPath`), or be one of
 * the audited sites below, whose target is built from values the code controls. A new redirect from a query or
 * form value (or a changed target at an audited site) fails this test until it uses the sanitiser or is audited.
 */
const ROOT = process.cwd();
const TREE = ['app', 'lib', 'components', 'i18n', 'proxy.ts'];

/** file → target text (as the scanner prints it) → why it cannot lead off the site. */
const AUDITED: Record<string, Record<string, string>> = {
  'app/api/auth/confirm/route.ts': {
    'localizeHref(locale as (typeof routing.locales)[number], target)':
      "seeOther()'s callers pass confirmTarget(): constant paths, `next` through withNext → safeReturnTarget",
  },
  'app/api/donate/route.ts': {
    'donationProviderUrl(site.donationUrl, site.donationParams, choice)':
      'the configured DONATION_URL (off-site by design); `choice` only fills its zod-checked query values',
  },
  'app/api/preview/route.ts': {
    "localizedPath(query.data.locale ?? 'en', path)":
      'previewPath(): a constant prefix per type and the slug encodeURIComponent-ed; the locale a zod enum',
  },
  'components/auth/reset-password-form.tsx': {
    'result.data.redirectTo': "the action's redirectTo, itself a scanned site (lib/auth/actions.ts)",
  },
  'components/auth/sign-in-form.tsx': {
    'result.data.redirectTo': "the action's redirectTo, itself a scanned site (lib/auth/actions.ts)",
  },
  'components/auth/sign-up-form.tsx': {
    'result.data.redirectTo': "the action's redirectTo, itself a scanned site (lib/auth/actions.ts)",
  },
  'components/help/exit-this-page.tsx': {
    exitUrl: 'the configured neutral site (SITE_EXIT_URL), off-site by design, never request input',
  },
  'lib/auth/actions.ts': {
    "localizeHref(ctx.locale, withNext('/login?reset=done', input.next))":
      'withNext (lib/auth/return-path.ts) passes `next` through safeReturnTarget and encodes it',
  },
  'lib/auth/index.ts': {
    'loginHref(next)': '`/login?next=` + encodeURIComponent(next)',
    denied: "callers' constant paths (default `/courses?denied=admin`)",
  },
  'lib/auth/supabase.ts': {
    "redirect('/auth/confirm')": 'a local helper: the site URL + a constant path, for Supabase Auth emails',
  },
  'lib/back-office/actions.ts': {
    "`${path}?${filters ? `${filters}&` : ''}${notice}`":
      "`path` is the action's constant page path (an enquiry's only for a UUID id); filters are re-parsed and URLSearchParams-encoded; the notice is a key of lib/back-office/shared.ts's lists",
  },
  'lib/back-office/network.ts': {
    'new URL(`${localizedPath(toLocale(locale), path)}?error=noSelection`, request.url)':
      "selectionMissing(): `path` is typed to two constant list paths, the locale through toLocale(); relative to the request's own origin",
  },
  'lib/mailing/unsubscribe-api.ts': {
    '`${path}${search}`': 'path is localizeHref(constant); search a URLSearchParams of a zod-checked token',
  },
  'lib/newsletter/actions.ts': {
    'result.data.thankYou': 'lib/newsletter/handler.ts: `/thank-you?` + URLSearchParams',
  },
  'proxy.ts': {
    'new URL(localizedPath(locale, target), request.url)':
      'catchAllRedirect(): `/blog/{one unreserved slug segment}` or a constant legacy target',
    'new URL(location, request.url)':
      "WordPress editors' redirects (lib/cms/redirects.ts): off-site targets allowed by design, set only by editors",
  },
};

describe('redirect targets go through the one sanitiser (security review NM1)', () => {
  const sites = scanRedirectSites(ROOT, TREE);

  it('finds the redirects of the tree, the preview exit link among them as sanitised', () => {
    expect(sites.length).toBeGreaterThan(30);
    expect(sites).toContainEqual(
      expect.objectContaining({ file: 'app/api/preview/exit/route.ts', verdict: 'sanitised' }),
    );
  });

  it('every redirect built from something other than a constant or the sanitiser is an audited site', () => {
    const unaudited = sites
      .filter((s) => s.verdict === 'unchecked' && !AUDITED[s.file]?.[s.target])
      .map((s) => `${s.file}:${s.line} ${s.sink} → ${s.target}`);
    expect(unaudited).toEqual([]);
  });

  it('no audited site is stale (each still exists with the same target, and still needs auditing)', () => {
    const stale = Object.entries(AUDITED).flatMap(([file, targets]) =>
      Object.keys(targets)
        .filter(
          (target) => !sites.some((s) => s.file === file && s.target === target && s.verdict === 'unchecked'),
        )
        .map((target) => `${file} → ${target}`),
    );
    expect(stale).toEqual([]);
  });

  it('fails on a copy of the exit route that redirects to `?to=` unchecked', () => {
    const real = readFileSync(path.join(ROOT, 'app/api/preview/exit/route.ts'), 'utf8');
    expect(real).toContain("safeRedirectPath(new URL(request.url).searchParams.get('to'))");
    const broken = real.replace(
      "safeRedirectPath(new URL(request.url).searchParams.get('to'))",
      "new URL(request.url).searchParams.get('to') ?? '/'",
    );
    const [site] = redirectSitesIn('app/api/preview/exit/route.ts', broken);
    expect(site).toMatchObject({ sink: 'Location header', verdict: 'unchecked' });
    expect(AUDITED[site!.file]?.[site!.target]).toBeUndefined();
    // The old hand-written check is not a sanitiser either.
    const old = real.replace('safeRedirectPath(', 'safeInternalPath(');
    expect(redirectSitesIn('x.ts', old)[0]?.verdict).toBe('unchecked');
  });

  it.each([
    [
      "NextResponse.redirect(new URL(req.nextUrl.searchParams.get('next')!, req.url));",
      'NextResponse.redirect',
    ],
    ["return Response.redirect(form.get('to') as string, 303);", 'Response.redirect'],
    ["redirect({ href: String(formData.get('returnTo')), locale });", 'redirect'],
    ['permanentRedirect(`${params.slug}`);', 'permanentRedirect'],
    ["headers.set('Location', url.searchParams.get('to') ?? '/');", "headers.set('Location')"],
    ["res.headers.append('location', next);", "headers.append('Location')"],
    ['new Response(null, { status: 302, headers: { location: `/${input}` } });', 'Location header'],
    ["new Headers({ 'Location': returnTo });", 'Location header'],
    ['return { redirectTo: input.next };', 'redirectTo'],
    ['window.location.assign(query.get("to")!);', 'location.assign'],
    ['location.href = next;', 'location.href ='],
    ["const to = searchParams.get('to'); redirect(to!);", 'redirect'],
    ['redirect(localizeHref(locale, `${next}`));', 'redirect'],
  ])('flags %s', (source, sink) => {
    const found = redirectSitesIn('fixture.ts', source);
    expect(found).toContainEqual(expect.objectContaining({ sink, verdict: 'unchecked' }));
  });

  it.each([
    ["redirect({ href: safeReturnPath(formData.get('next'), locale), locale });", 'sanitised'],
    ["const to = safeRedirectPath(query.get('to')); headers.set('Location', to);", 'sanitised'],
    ["redirect(localizeHref(locale, safeReturnTarget(next) ?? '/'));", 'sanitised'],
    ["redirect('/courses');", 'constant'],
    ['redirect(`/login?next=${encodeURIComponent(path)}`);', 'constant'],
  ])('accepts %s', (source, verdict) => {
    expect(redirectSitesIn('fixture.ts', source).map((s) => s.verdict)).toEqual([verdict]);
  });
});
