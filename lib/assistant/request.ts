/** The validated body of `POST /api/assistant` (protocol.ts describes the whole exchange). */
import { z } from 'zod';

import { routing } from '@/i18n/routing';

import { MESSAGE_MAX_CHARS } from './protocol';

/**
 * message: 1..2000 characters after trimming; conversationId: a short token (the reply keeps it only when it is
 * one the server issued and signed, conversation-id.ts, else it starts a new conversation); locale: a site locale.
 */
export const assistantRequestSchema = z.object({
  message: z.string().trim().min(1).max(MESSAGE_MAX_CHARS),
  conversationId: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/)
    .optional(),
  locale: z.enum(routing.locales),
});

export type AssistantRequest = z.infer<typeof assistantRequestSchema>;
