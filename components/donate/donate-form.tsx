import { Lock } from '@/components/icons/icons';
import { getLocale, getTranslations } from 'next-intl/server';

import { Button } from '@/components/ui/button';
import {
  DEFAULT_AMOUNT,
  DEFAULT_FREQUENCY,
  DONATION_FREQUENCIES,
  MAX_AMOUNT,
  MIN_AMOUNT,
  SUGGESTED_AMOUNTS,
} from '@/lib/donate/provider';
import { formatNumber } from '@/lib/utils/format';

const choiceClass =
  'flex cursor-pointer rounded-xl border-2 border-border bg-bg p-4 has-[:checked]:border-brand has-[:checked]:bg-surface has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand';

/**
 * The donate form: one-off or monthly, a suggested amount (each saying what it pays for) or another amount. A
 * plain GET form to /api/donate, which hands the choice to the external payment page (app/api/donate/route.ts),
 * so it works without JavaScript and ships none.
 */
export async function DonateForm({ charityNumber }: { charityNumber: string }) {
  const [t, locale] = await Promise.all([getTranslations('DonateForm'), getLocale()]);

  return (
    <form
      action="/api/donate"
      method="get"
      className="rounded-2xl border border-border bg-surface p-5 sm:p-8"
    >
      <fieldset>
        <legend className="text-lg font-semibold">{t('frequencyLegend')}</legend>
        <div className="mt-3 grid grid-cols-2 gap-3">
          {DONATION_FREQUENCIES.map((frequency) => (
            <label key={frequency} className={`${choiceClass} items-center gap-3 font-semibold`}>
              <input
                type="radio"
                name="frequency"
                value={frequency}
                defaultChecked={frequency === DEFAULT_FREQUENCY}
                className="size-5 accent-brand"
              />
              {t(frequency === 'monthly' ? 'monthly' : 'oneOff')}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="mt-8">
        <legend className="text-lg font-semibold">{t('amountLegend')}</legend>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {SUGGESTED_AMOUNTS.map((amount) => (
            <li key={amount} className="flex">
              <label className={`${choiceClass} w-full items-start gap-3`}>
                <input
                  type="radio"
                  name="amount"
                  value={amount}
                  defaultChecked={amount === DEFAULT_AMOUNT}
                  className="mt-1 size-5 shrink-0 accent-brand"
                />
                <span>
                  <span className="block text-2xl font-bold">£{amount}</span>
                  <span className="mt-1 block text-sm text-muted">{t(`impact${amount}`)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <div className="mt-5">
          <label htmlFor="donate-other-amount" className="block font-semibold">
            {t('otherLabel')}
          </label>
          <p id="donate-other-amount-hint" className="text-sm text-muted">
            {t('otherHint', { min: MIN_AMOUNT, max: formatNumber(MAX_AMOUNT, locale) })}
          </p>
          <div className="mt-2 flex max-w-48 items-center rounded-lg border-2 border-border bg-bg focus-within:border-brand">
            <span aria-hidden="true" className="pl-3 text-lg font-semibold">
              £
            </span>
            <input
              id="donate-other-amount"
              name="other"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              pattern="\d{1,5}(\.\d{1,2})?"
              aria-describedby="donate-other-amount-hint"
              className="w-full rounded-lg bg-transparent px-2 py-2 text-lg outline-none"
            />
          </div>
        </div>
      </fieldset>

      <Button type="submit" size="lg" className="mt-8 w-full text-lg sm:w-auto">
        <Lock aria-hidden="true" className="size-5" />
        {t('submit')}
      </Button>
      <p className="mt-3 text-sm text-muted">{t('secureNote', { number: charityNumber })}</p>
    </form>
  );
}
