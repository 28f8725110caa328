import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

import { ClientIntlProvider } from './client';
import type { SCOPED_CLIENT_NAMESPACES } from './client-namespaces';
import type { Messages } from './messages';
import type { Locale } from './routing';

/**
 * Sends extra client namespaces (SCOPED_CLIENT_NAMESPACES) to the islands inside it, on top of the layout's
 * CLIENT_NAMESPACES: a form's strings travel only with the page that has the form, not with every page's HTML.
 * Server component.
 */
export async function ScopedClientMessages({
  locale,
  namespaces,
  children,
}: {
  locale: Locale;
  namespaces: readonly (typeof SCOPED_CLIENT_NAMESPACES)[number][];
  children: ReactNode;
}) {
  const messages = (await getMessages({ locale })) as Record<string, unknown>;
  const subset = Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]]));
  return (
    <ClientIntlProvider locale={locale} messages={subset as Messages}>
      {children}
    </ClientIntlProvider>
  );
}
