/** Types of lib/cache/string-prototype.cjs (plain CommonJS, see there). */
export declare function keepStringPrototypeFast(): void;
