/**
 * Message namespaces that client components read (through `useClientMessages`); the layout sends only these to
 * the browser, the rest stay on the server and out of the HTML payload. Their strings may use `{name}`
 * placeholders only: no plurals, selects or rich text (checked by tests/unit/messages.test.ts).
 */
export const CLIENT_NAMESPACES = [
  'Header',
  'LocaleSwitcher',
  'ThemeToggle',
  'CookieBanner',
  'Error',
  'Toasts',
  'Share',
  'BlogError',
  'MediaPlayer',
  'Lightbox',
  'Forms',
  'Newsletter',
  'AssistantPanel',
  'UserMenu',
  'Loading',
] as const;

/**
 * Client namespaces one page's islands need, sent only by that page through `ScopedClientMessages`
 * (i18n/scoped-client-messages.tsx) instead of with every page. Same string rules as above.
 */
export const SCOPED_CLIENT_NAMESPACES = [
  'ContactForm',
  'Registration',
  'SpreadTheWord',
  'AuthForms',
  'CourseAdmin',
  'Courses',
  'CourseLearn',
  'DataRights',
  'AccountData',
] as const;
