import { LifeBuoy } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { Link } from '@/i18n/navigation';
import { SAMARITANS_PHONE, STOP_HATE_PHONE, telHref } from '@/lib/help/services';

const callClass = 'font-semibold text-brand underline underline-offset-2 hover:no-underline';

/**
 * Where a page tagged `content-note` ends, in place of a giving ask (a Donate prompt straight after a grief piece
 * read as tone-deaf): 999 in an emergency, Samaritans and Stop Hate UK with their free numbers, and the Get help
 * page. The service lines are the Get help page's own messages (`GetHelp`), so both say the same thing.
 */
export async function SupportBlock() {
  const [t, help] = await Promise.all([getTranslations('SupportBlock'), getTranslations('GetHelp')]);
  const call = (number: string) =>
    function Call(chunks: ReactNode) {
      return (
        <a href={telHref(number)} className={callClass}>
          {chunks}
        </a>
      );
    };
  return (
    <section
      aria-labelledby="support-block-title"
      data-support-block
      className="rounded-3xl border border-border bg-surface p-6 sm:p-8"
    >
      <h2 id="support-block-title" className="flex items-center gap-2 text-2xl font-bold">
        <LifeBuoy aria-hidden="true" className="size-6 shrink-0 text-brand" />
        {t('heading')}
      </h2>
      <p className="mt-2">{t('intro')}</p>
      <ul className="mt-4 space-y-3">
        <li>{help.rich('emergency999', { call: call('999') })}</li>
        <li>
          <span className="font-semibold">{help('samaritansHeading')}: </span>
          {help.rich('samaritansBody', { call: call(SAMARITANS_PHONE), number: SAMARITANS_PHONE })}
        </li>
        <li>
          <span className="font-semibold">{help('stopHateHeading')}: </span>
          {help.rich('stopHateCall', { call: call(STOP_HATE_PHONE), number: STOP_HATE_PHONE })}
        </li>
      </ul>
      <Link
        href="/get-help"
        prefetch={false}
        className="mt-5 inline-flex items-center gap-2 rounded-full border-2 border-brand px-5 py-2.5 font-semibold text-brand hover:bg-surface-strong"
      >
        {t('more')}
      </Link>
    </section>
  );
}
