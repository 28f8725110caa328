import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AuthForm } from '@/components/auth/auth-form';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClass } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { localeParam } from '@/i18n/params';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { Link } from '@/i18n/navigation';
import { getAuth } from '@/lib/auth';
import { signOut } from '@/lib/auth/actions';
import { withNext } from '@/lib/auth/return-path';
import { GUARD_FIELDS } from '@/lib/action-result';
import { formSecret } from '@/lib/forms/secret';
import { issueFormToken } from '@/lib/forms/token';
import { safeReturnTarget } from '@/lib/redirects';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/login'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Auth' });
  return pageMetadata({
    locale,
    path: '/login',
    title: t('loginTitle'),
    description: t('loginDescription'),
    noindex: true,
  });
}

type Mode = 'signin' | 'signup' | 'forgot' | 'reset';

/**
 * Why the visitor was sent to sign in, from the checked `next` path (locale prefix ignored): the dashboard, a
 * course (its page or lessons), else any other page. Null without `next`.
 */
function nextReason(next: string | undefined): 'nextDashboard' | 'nextCourse' | 'nextOther' | null {
  if (!next) return null;
  const path = next.replace(/^\/(?:es|fr|pt)(?=\/|$)/, '').split(/[?#]/)[0] ?? '';
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return 'nextDashboard';
  if (path.startsWith('/courses/')) return 'nextCourse';
  return 'nextOther';
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The spam guard's fill-time token for a form posted without JavaScript: this page renders per request, so the
 * time it was shown can be in its HTML (the scripted form fetches its own).
 */
const fillToken = (form: 'sign-up' | 'password-reset') => issueFormToken(formSecret(), Date.now(), form);

const tabClass =
  'flex-1 rounded-md px-4 py-2 text-center font-semibold text-fg hover:bg-surface-strong aria-[current=page]:bg-bg aria-[current=page]:text-brand aria-[current=page]:shadow-sm';

/**
 * Sign-in (docs/SPEC-NOTES.md §2 /login, §4 Session): sign in and create-account tabs (links, `?mode=signup`), forgot password
 * (`?mode=forgot`) and the new-password form after a recovery link (`?mode=reset`). `?next=` (kept only when
 * `safeReturnTarget` accepts it) is where a sign-in lands, and every link and form here carries it on (sign-up
 * and reset emails too, so confirming leads back to it); `?confirmed=1`, `?reset=done` and `?error=link` show
 * the outcome of /auth/confirm; with `next`, a line says why sign-in is asked for ('Sign in to see your
 * dashboard'). Signed in already: who you are, Continue and Logout. Reads cookies, so it renders
 * per request (never a public, cached page).
 */
export default async function LoginPage({ params, searchParams }: PageProps<'/[locale]/login'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Auth');
  const query = await searchParams;
  const requested = one(query.mode);
  const mode: Mode =
    requested === 'signup' || requested === 'forgot' || requested === 'reset' ? requested : 'signin';
  const next = safeReturnTarget(one(query.next)) ?? undefined;
  const auth = await getAuth();
  const user = await auth.currentUser();

  const notice =
    one(query.confirmed) === '1' ? t('confirmed') : one(query.reset) === 'done' ? t('resetDone') : null;
  const linkError = one(query.error) === 'link';
  // Sent here from a page that needs an account: say so above the sign-in and sign-up forms.
  const reason = !user && (mode === 'signin' || mode === 'signup') ? nextReason(next) : null;

  let body: React.ReactNode;
  if (mode === 'reset') {
    body = user ? (
      <>
        <h2 className="text-2xl font-bold">{t('resetTitle')}</h2>
        <div className="mt-6">
          <AuthForm form="reset" next={next} requireCurrent={(await auth.sessionKind()) !== 'recovery'} />
        </div>
      </>
    ) : (
      <>
        <h2 className="text-2xl font-bold">{t('resetTitle')}</h2>
        <p className="mt-4 text-muted">{t('resetNeedsLink')}</p>
        <p className="mt-6">
          <Link href={withNext('/login?mode=forgot', next)} className="font-medium text-brand underline">
            {t('forgotTitle')}
          </Link>
        </p>
      </>
    );
  } else if (user) {
    body = (
      <>
        <p className="text-lg">{t('signedInAs', { name: user.name ?? user.email })}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink href={next ?? '/'} size="lg">
            {t('continue')}
          </ButtonLink>
          {/* A server form: it posts with or without JavaScript (the header's menu needs its script). */}
          <form action={signOut as unknown as (data: FormData) => Promise<void>}>
            <input type="hidden" name={GUARD_FIELDS.locale} value={locale} />
            <button type="submit" className={buttonClass('outline', 'lg')}>
              {t('logout')}
            </button>
          </form>
        </div>
      </>
    );
  } else if (mode === 'forgot') {
    body = (
      <>
        <h2 className="text-2xl font-bold">{t('forgotTitle')}</h2>
        <p className="mt-2 text-muted">{t('forgotIntro')}</p>
        <div className="mt-6">
          <AuthForm form="forgot" next={next} token={fillToken('password-reset')} />
        </div>
        <p className="mt-6 text-center">
          <Link href={withNext('/login', next)} className="font-medium text-brand underline">
            {t('backToLogin')}
          </Link>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <nav aria-label={t('tabsLabel')} className="mb-6 flex gap-1 rounded-lg bg-surface p-1">
          <Link
            href={withNext('/login?mode=signin', next)}
            aria-current={mode === 'signin' ? 'page' : undefined}
            className={tabClass}
          >
            {t('signInTab')}
          </Link>
          <Link
            href={withNext('/login?mode=signup', next)}
            aria-current={mode === 'signup' ? 'page' : undefined}
            className={tabClass}
          >
            {t('signUpTab')}
          </Link>
        </nav>
        <h2 className="sr-only">{mode === 'signup' ? t('signUpTab') : t('signInTab')}</h2>
        {mode === 'signup' ? (
          <AuthForm form="sign-up" next={next} token={fillToken('sign-up')} />
        ) : (
          <AuthForm form="sign-in" next={next} forgotHref={withNext('/login?mode=forgot', next)} />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('loginTitle')} subtitle={t('loginSubtitle')} />
      <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
        {notice ? (
          <p role="status" className="mb-6 rounded-lg border border-border bg-surface p-3 font-medium">
            {notice}
          </p>
        ) : null}
        {reason ? (
          <p
            data-testid="login-reason"
            className="mb-6 rounded-lg border border-border bg-surface p-3 font-medium"
          >
            {t(reason)}
          </p>
        ) : null}
        {linkError ? (
          <p
            role="alert"
            className="mb-6 rounded-lg border border-red-700 bg-red-50 p-3 font-medium text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100"
          >
            {t('linkInvalid')}
          </p>
        ) : null}
        <ScopedClientMessages locale={locale} namespaces={['AuthForms']}>
          {body}
        </ScopedClientMessages>
      </div>
    </>
  );
}
