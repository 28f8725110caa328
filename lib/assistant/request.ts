/** The validated body of `POST /api/assistant` (protocol.ts describes the whole exchange). */
import { z } from 'zod';

import { routing } from '@/i18n/routing';

import { MESSAGE_MAX_CHARS } from './protocol';

/** message: 1..2000 characters after trimming; conversationId: a UUID we issued; locale: a site locale. */
export const assistantRequestSchema = z.object({
  message: z.string().trim().min(1).max(MESSAGE_MAX_CHARS),
  conversationId: z.uuid().optional(),
  locale: z.enum(routing.locales),
});

export type AssistantRequest = z.infer<typeof assistantRequestSchema>;
