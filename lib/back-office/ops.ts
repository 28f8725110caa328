import 'server-only';

import { addNote, bulkUpdateEnquiries, reply, updateEnquiry } from './inbox';
import { setVolunteerStatus, setVolunteerStatuses } from './network';
import { resyncSubscriber, resyncSubscribers, unsubscribeSubscriber } from './newsletter';
import { giveUpDelivery, retryDelivery } from './outbox';
import { setRole } from './staff';

/**
 * Every staff operation of the back office, by verb: `{ schema, run(input, user, deps) }` (lib/back-office/op.ts).
 * No guard and no parse inside: the actions (lib/back-office/actions.ts) run them through the pipeline, which
 * checks the caller ('staff', or 'admin' for roles), validates with `schema` and claims the form's request key;
 * tests call `run` with typed input and a database. Each write leaves its audit entry in its transaction.
 */
export const backOfficeOps = {
  updateEnquiry,
  bulkUpdateEnquiries,
  addNote,
  reply,
  setVolunteerStatus,
  setVolunteerStatuses,
  unsubscribeSubscriber,
  resyncSubscriber,
  resyncSubscribers,
  retryDelivery,
  giveUpDelivery,
  setRole,
};

export type { Actor, BackOfficeDeps, BackOfficeError, StaffOp } from './op';
export { bulkInput, handlingInput, noteInput } from './inbox';
export { setRoleInput } from './staff';
