/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload, where require is the way to load */
/**
 * Lets a benchmark import server modules in plain Node: `server-only` throws unless resolved under React's
 * `react-server` condition, but that condition also gives next-intl a React without createContext. This preload
 * (`node --require ./bench/server-only-stub.cjs --import tsx …`) resolves `server-only` to its own empty module,
 * as Next does on the server, and leaves every other import alone.
 */
const Module = require('node:module');
const path = require('node:path');

const empty = path.join(__dirname, '..', 'node_modules', 'server-only', 'empty.js');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'server-only' ? empty : resolve.call(this, request, ...rest);
};
