import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Conversation ids are issued by the server, never chosen by the client: `{uuid}.{HMAC-SHA256(secret,
 * "assistant-conversation:{uuid}"), base64url}`. The OpenAI thread pointer (conversations.ts) is looked up only
 * under an id that verifies, so a client cannot pick an id, or guess another visitor's, to continue their thread.
 * Pure (node:crypto); the secret is the forms' signing key (lib/forms/secret.ts), with its own prefix.
 */
export const CONVERSATION_ID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

function sign(secret: string, uuid: string): string {
  return createHmac('sha256', secret).update(`assistant-conversation:${uuid}`).digest('base64url');
}

/** A new signed conversation id. */
export function issueConversationId(secret: string, uuid: string = randomUUID()): string {
  return `${uuid}.${sign(secret, uuid)}`;
}

/** Whether `value` is a conversation id this server issued with `secret`. Never throws. */
export function isIssuedConversationId(secret: string, value: unknown): value is string {
  if (typeof value !== 'string' || !CONVERSATION_ID.test(value)) return false;
  const [uuid, signature] = value.split('.') as [string, string];
  const given = Buffer.from(signature);
  const expected = Buffer.from(sign(secret, uuid));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
