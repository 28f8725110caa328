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
  'ContactForm',
  'Registration',
  'SpreadTheWord',
  'Newsletter',
  'AssistantPanel',
] as const;
