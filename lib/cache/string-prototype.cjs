/**
 * Keeps V8's `String.prototype` in fast mode after a library has subclassed `String` (issue 20 item 3).
 *
 * ioredis defines `class VerbatimString extends String` (node_modules/ioredis/built/resp/verbatim-string.js) when it
 * loads. Making `String.prototype` the prototype of a new object turns it into a dictionary-mode ("slow") object in
 * V8, and it stays so: every `str.charCodeAt()` / `str.indexOf()` in optimised code then goes through a generic
 * lookup instead of being inlined. Measured under `next start`: Next's ETag hash (a `charCodeAt` loop over each
 * cached page's HTML) took about 3x as long, and the whole server served cached pages at a fraction of a blank
 * Next app's rate, with or without REDIS_URL (the proxy bundle imports ioredis either way).
 *
 * V8 turns a slow prototype fast again when an inline cache looks a property up through it from an object (not
 * from a string primitive); once so marked, later subclassing no longer normalises it. `keepStringPrototypeFast`
 * makes such a lookup often enough for the function to get its inline caches. It changes no property and has no
 * other effect; tests/unit/ioredis-wrapper.test.ts checks the result with V8's own `%HasFastProperties`.
 *
 * Plain CommonJS so that lib/cache/redis-cache-handler.cjs (loaded by Next outside the bundler) can use it too.
 */
'use strict';

/** A property no one defines: its lookup walks the whole prototype chain, `String.prototype` included. */
function readMissing(object) {
  return object.__lrjnNeverDefined;
}

/**
 * Marks `String.prototype` as a prototype V8 should keep fast, and turns it fast again if a subclass made it slow.
 * Takes nothing, returns nothing, never throws; cheap (a hundred property reads).
 */
function keepStringPrototypeFast() {
  const probe = Object.create(String.prototype);
  // V8 gives a function inline caches only after a few calls (lazy feedback allocation): call it well past that.
  for (let i = 0; i < 100; i++) readMissing(probe);
}

module.exports = { keepStringPrototypeFast };
