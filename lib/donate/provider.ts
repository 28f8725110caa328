import { z } from 'zod';

/**
 * The donate form's choice and the external payment page it goes to. Payment itself stays with the provider at
 * `DONATION_URL`: this module only turns "£10, monthly" into that page's URL with the provider's own query
 * parameter names (lib/config/site.ts `donationParams`). Pure: no I/O, so it is unit-tested directly.
 */

/** The donation page when DONATION_URL is unset: a fictional placeholder, like the rest of the default identity. */
export const DEFAULT_DONATION_URL = 'https://donate.example.org/leeds-racial-justice-network';

/**
 * The origin the donate form may send visitors to (CSP `form-action`, lib/security/headers.ts): DONATION_URL's, or
 * the default's when it is unset or unreadable (env validation reports a bad value at start-up).
 */
export function donationOrigin(donationUrl: string | undefined): string {
  try {
    return new URL(donationUrl?.trim() || DEFAULT_DONATION_URL).origin;
  } catch {
    return new URL(DEFAULT_DONATION_URL).origin;
  }
}

export const DONATION_FREQUENCIES = ['one-off', 'monthly'] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

/** The suggested amounts in pounds; the donate page says what each pays for (messages `DonateForm.impact{n}`). */
export const SUGGESTED_AMOUNTS = [5, 10, 25, 50] as const;
export const DEFAULT_AMOUNT = 10;
export const DEFAULT_FREQUENCY: DonationFrequency = 'monthly';
/** Bounds of a typed amount; a provider applies its own limits as well. */
export const MIN_AMOUNT = 1;
export const MAX_AMOUNT = 10_000;

export type DonationParams = {
  amount: string | null;
  frequency: string | null;
  oneOff: string;
  monthly: string;
};

export type DonationChoice = { frequency: DonationFrequency; amount: number | null };

const pounds = z
  .string()
  .trim()
  .transform((v) => v.replace(/^£/, '').replace(/,/g, ''))
  .pipe(z.string().regex(/^\d{1,5}(\.\d{1,2})?$/))
  .transform(Number)
  .pipe(z.number().min(MIN_AMOUNT).max(MAX_AMOUNT));

/**
 * The donate form's query (GET /api/donate): `frequency`, `amount` (a suggested amount) and `other` (a typed
 * amount, which wins when filled in: without JavaScript the form cannot untick the suggestion). Lenient by design:
 * an unknown frequency falls back to the default and an unreadable amount becomes null, so a visitor always
 * reaches the payment page, which then asks for the amount itself.
 */
export const donationQuery = z
  .object({
    frequency: z.enum(DONATION_FREQUENCIES).catch(DEFAULT_FREQUENCY),
    amount: z.string().max(20).optional().catch(undefined),
    other: z.string().max(20).optional().catch(undefined),
  })
  .transform(({ frequency, amount, other }) => ({
    frequency,
    amount: (other?.trim() ? other : amount) ?? null,
  }))
  .pipe(
    z.object({
      frequency: z.enum(DONATION_FREQUENCIES),
      // The chosen amount in pounds, or null when it is missing or unreadable.
      amount: pounds.nullable().catch(null),
    }),
  ) satisfies z.ZodType<DonationChoice>;

/** `10` → "10", `12.5` → "12.50": what a payment page's amount field expects. */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/**
 * The provider's URL for a choice: `base` (its own query string kept) plus the amount and frequency under the
 * configured parameter names; a null name or a null amount adds nothing.
 */
export function donationProviderUrl(base: string, params: DonationParams, choice: DonationChoice): string {
  const url = new URL(base);
  if (params.amount && choice.amount !== null)
    url.searchParams.set(params.amount, formatAmount(choice.amount));
  if (params.frequency) {
    url.searchParams.set(params.frequency, choice.frequency === 'monthly' ? params.monthly : params.oneOff);
  }
  return url.toString();
}
