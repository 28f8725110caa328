import 'server-only';

import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

import { recordLogError } from './recent';

/**
 * The server's one logger (issue 16, operations): pino, one JSON object per line on stdout, which journald, Docker
 * or any log shipper reads as is. Levels: LOG_LEVEL (default `info`; `silent` under Vitest unless set).
 *
 * No personal data (docs/ARCHITECTURE.md §5): fields named like personal data or credentials are replaced by `[redacted]`
 * wherever they sit at the top level or one level down (`{ email }`, `{ input: { email } }`,
 * `{ headers: { cookie } }`). Callers still pass ids and counts, not people: redaction is the safety net.
 * Call sites name their part: `logger().warn({ component: 'outbox', id }, 'attempt failed')`; `requestLogger`
 * gives the lines of one request its id.
 */

/** Field names never written to a log, at the top level and one level down. */
export const REDACTED_FIELDS = [
  'email',
  'name',
  'firstName',
  'lastName',
  'phone',
  'message',
  'ip',
  'address',
  'password',
  'token',
  'cookie',
  'cookies',
  'set-cookie',
  'authorization',
] as const;

const REDACT_PATHS = REDACTED_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  const nested = key.startsWith('[') ? `*${key}` : `*.${key}`;
  // An error's own message is what an operator needs; `err` is serialised by pino, never personal by contract.
  return field === 'message' ? [key] : [key, nested];
});

/** Extra paths for `message`: the free-text field of the contact form, wherever a caller nests it. */
const MESSAGE_PATHS = ['input.message', 'fields.message', 'body.message', 'data.message', 'payload.message'];

function defaultLevel(): string {
  const configured = process.env.LOG_LEVEL?.trim();
  if (configured) return configured;
  return process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info';
}

/**
 * A logger with the site's redaction. `destination` (tests) receives the JSON lines; default stdout.
 * @throws when `level` is not a pino level.
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  const config: LoggerOptions = {
    level: options.level ?? defaultLevel(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: [...REDACT_PATHS, ...MESSAGE_PATHS], censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
    hooks: {
      // Error and fatal lines also go to the admin logs page's bounded record (lib/log/recent.ts): component and
      // message only. Called for enabled levels only, so a `silent` logger records nothing.
      logMethod(args, method, level) {
        if (level >= 50) {
          const [first, second] = args as unknown[];
          const fields = first && typeof first === 'object' ? (first as { component?: unknown }) : undefined;
          const message = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
          const component = typeof fields?.component === 'string' ? fields.component : undefined;
          // instrumentation.ts records a failed request itself, with its route and error type.
          if (component !== 'request') recordLogError(component, message);
        }
        return method.apply(this, args);
      },
    },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}

type Holder = { logger?: Logger };
// On globalThis: dev-mode module reloads keep one logger (and one stdout stream) per process.
const holder = ((globalThis as { __lrjnLog?: Holder }).__lrjnLog ??= {});

/** This process's logger (created on first use). */
export function logger(): Logger {
  holder.logger ??= createLogger();
  return holder.logger;
}

/** A child logger whose lines carry the request's id (see lib/log/request-id.ts). */
export function requestLogger(requestId: string, component?: string): Logger {
  return logger().child(component ? { requestId, component } : { requestId });
}

/** `{ err }` for a caught value, so pino serialises Errors (type, message, stack) and leaves other values as is. */
export function errorFields(error: unknown): { err: unknown } {
  return { err: error instanceof Error ? error : new Error(String(error)) };
}

export { REQUEST_ID_HEADER, requestIdFrom, safeRequestId } from './request-id';
