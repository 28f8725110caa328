import 'server-only';

import list from './common-passwords.json';

/**
 * Refusing common passwords (ASVS 5.0 V6.2.4). `common-passwords.json` holds the 10,000 most common passwords of
 * 8 to 128 characters (shorter ones are refused by the length rule anyway), lower-cased, in order of frequency:
 * taken from the `passwords` dictionary of the npm package @zxcvbn-ts/language-common 4.1.3 (MIT licence,
 * © Dan Wheeler, Dropbox, Inc. and @zxcvbn-ts; built from leaked-password corpora), keeping the first 10,000 of
 * its 49,233 entries that pass our length rule. Server only: the list never reaches the browser bundle.
 */
let set: Set<string> | undefined;

/**
 * Whether `password` is on the common list, ignoring case and Unicode compatibility forms (NFKC, as hashing does),
 * and surrounding spaces.
 */
export function isCommonPassword(password: string): boolean {
  set ??= new Set(list as string[]);
  return set.has(password.normalize('NFKC').trim().toLowerCase());
}
