/**
 * The signed minimum-fill-time token of the public forms (pure; node:crypto only).
 *
 * A form asks for a token when it appears (`GET /api/form-token?form={name}`) and sends it back with the
 * submission. The token is `{form}.{issuedAtMs}.{nonce}.{HMAC-SHA256(secret, "form:{form}:{issuedAtMs}:{nonce}")}`:
 * the server can tell which form it was issued for and when that form was shown without storing anything, and a
 * client can neither forge an older time nor use a contact-form token on the sign-up form. A person needs a few
 * seconds to fill a form; a script posting at once, or replaying an old token, is turned away. The random nonce
 * names each token, so lib/safe-action.ts can count how often one token is used (FORM_TOKEN_MAX_USES).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Shortest time between showing a form and accepting its submission. */
export const MIN_FILL_MS = 3_000;
/** Longest a token stays valid: a form left open longer is refreshed by the browser and sent again. */
export const MAX_TOKEN_AGE_MS = 2 * 60 * 60 * 1000;
/**
 * How many times one token may be presented with an accepted submission (lib/safe-action.ts counts them). A form
 * whose writes must not repeat keys them by the token (`formTokenId`), so the token stores ONE record: the contact
 * form saves one enquiry per token, and a retried request (a dropped answer, a second click) is answered with that
 * same enquiry (lib/enquiries/handler.ts). Past this many the token reads as 'expired' and the browser fetches a
 * fresh one: a person re-sending after a slip, never a bot's batch.
 */
export const FORM_TOKEN_MAX_USES = 3;
/** Form names as the actions declare them ('contact', 'sign-up', …). */
export const FORM_NAME = /^[a-z][a-z0-9-]{0,39}$/;

export type TokenCheck = 'ok' | 'too-fast' | 'expired' | 'invalid';

function signature(secret: string, form: string, issuedAtMs: number, nonce: string): string {
  return createHmac('sha256', secret).update(`form:${form}:${issuedAtMs}:${nonce}`).digest('base64url');
}

/**
 * A token for the form named `form` (FORM_NAME) shown at `nowMs` (milliseconds since the epoch). `nonce` is
 * random unless given (tests). @throws on a form name outside FORM_NAME (a programming error).
 */
export function issueFormToken(
  secret: string,
  nowMs: number,
  form: string,
  nonce: string = randomBytes(12).toString('base64url'),
): string {
  if (!FORM_NAME.test(form)) throw new Error(`[forms] not a form name: ${form}`);
  const issuedAt = Math.floor(nowMs);
  return `${form}.${issuedAt}.${nonce}.${signature(secret, form, issuedAt, nonce)}`;
}

const TOKEN = /^([a-z][a-z0-9-]{0,39})\.(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/**
 * Checks a token sent back with a submission of the form `form` at `nowMs`.
 * @returns 'ok' (with `id`, the token's nonce, for counting its uses); 'too-fast' if sent sooner than `minMs`
 *   after issue; 'expired' if older than `maxMs` or issued in the future (clock games); 'invalid' if missing,
 *   malformed, issued for another form or not signed with `secret`. Never throws.
 */
export function verifyFormToken(
  secret: string,
  token: unknown,
  nowMs: number,
  { form, minMs = MIN_FILL_MS, maxMs = MAX_TOKEN_AGE_MS }: { form: string; minMs?: number; maxMs?: number },
): { check: TokenCheck; id?: string } {
  if (typeof token !== 'string' || token.length > 200) return { check: 'invalid' };
  const match = TOKEN.exec(token);
  if (!match || match[1] !== form) return { check: 'invalid' };
  const issuedAt = Number(match[2]);
  const nonce = match[3]!;
  const given = Buffer.from(match[4]!);
  const expected = Buffer.from(signature(secret, form, issuedAt, nonce));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { check: 'invalid' };
  const age = nowMs - issuedAt;
  if (age < -60_000 || age > maxMs) return { check: 'expired' };
  if (age < minMs) return { check: 'too-fast' };
  return { check: 'ok', id: nonce };
}

/**
 * The id (nonce) of a well-formed token of the form `form`, or null: what a form's write is keyed by so that one
 * token stores one record. Call it only on a token the pipeline has verified (it does not check the signature).
 */
export function formTokenId(token: unknown, form: string): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const match = TOKEN.exec(token);
  return match && match[1] === form ? match[3]! : null;
}
