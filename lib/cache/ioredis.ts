/**
 * The one import of ioredis in the application (ESLint forbids any other, eslint.config.mjs): it re-exports the
 * client and, right after ioredis has loaded, turns V8's `String.prototype` fast again, which ioredis's
 * `class VerbatimString extends String` made slow for the whole process (lib/cache/string-prototype.cjs has the
 * why; issue 20 item 3). Importing this module opens no connection.
 */
import { Redis } from 'ioredis';

import { keepStringPrototypeFast } from './string-prototype.cjs';

keepStringPrototypeFast();

export { Redis };
export type { RedisOptions } from 'ioredis';
