import { siteConfig } from '@/lib/config/site';
import { donationProviderUrl, donationQuery } from '@/lib/donate/provider';
import { route } from '@/lib/safe-action';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/donate` – the donate form's target (components/donate/donate-form.tsx, a plain GET form, so it works
 * without JavaScript): validates `frequency`, `amount` and `other` and answers 303 to the external payment page
 * with them as that provider's query parameters (lib/donate/provider.ts). A bad amount is dropped, never an
 * error page: the provider's page then asks for it. Payment details never touch this site. `no-store`.
 */
export const GET = route(
  async (request) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const choice = donationQuery.parse(query);
    const site = siteConfig();
    return new Response(null, {
      status: 303,
      headers: { Location: donationProviderUrl(site.donationUrl, site.donationParams, choice) },
    });
  },
  { cache: 'no-store' },
);
