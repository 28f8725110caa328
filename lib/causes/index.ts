import 'server-only';

import { getCauses, type Cause } from '@/lib/cms';

import { FOOTER_CAUSES, HOME_INITIATIVES, orderProgrammes, pickCauses } from './programmes';

export { FOOTER_CAUSES, HOME_INITIATIVES, PROGRAMME_ORDER, orderProgrammes, pickCauses } from './programmes';

/**
 * Every programme (cause) in programme order, for Our work and /causes. Data: lib/cms (WordPress or the snapshot,
 * tagged `causes`, so the webhook refreshes every page that shows them). An unreadable CMS gives an empty list,
 * never an error: the page then leaves the section out.
 */
export async function getProgrammes(): Promise<Cause[]> {
  return orderProgrammes(await getCauses().catch(() => []));
}

/**
 * The home page's "Our Initiatives": the spec's seven initiatives, in its order, as the CMS has them (a missing one
 * is left out). Same data source and failure as getProgrammes.
 */
export async function getHomeInitiatives(): Promise<Cause[]> {
  return pickCauses(await getCauses().catch(() => []), HOME_INITIATIVES);
}

/** The footer's six cause links (spec §2 Footer), in its order. Same data source and failure as getProgrammes. */
export async function getFooterCauses(): Promise<Cause[]> {
  return pickCauses(await getCauses().catch(() => []), FOOTER_CAUSES);
}
