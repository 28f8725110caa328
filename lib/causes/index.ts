import 'server-only';

import { getCauses, type Cause } from '@/lib/cms';

import { orderProgrammes } from './programmes';

export { PROGRAMME_ORDER, orderProgrammes } from './programmes';

/**
 * The programmes (causes) in their one order, from lib/cms (WordPress or the snapshot, tagged `causes`, so the
 * webhook refreshes every page that shows them). An unreadable CMS gives an empty list, never an error: the
 * footer and home page then leave the section out.
 */
export async function getProgrammes(): Promise<Cause[]> {
  return orderProgrammes(await getCauses().catch(() => []));
}
