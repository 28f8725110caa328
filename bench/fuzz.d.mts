// Types of bench/fuzz.mjs, for the TypeScript specs that import it (tests/e2e/request-surface.spec.ts).
import type { IncomingHttpHeaders } from 'node:http';

import type { HostileRequest } from './fuzz-cases.mjs';

export type Answer = { status: number; headers: IncomingHttpHeaders; error?: string };
export type Result = HostileRequest & { answer: Answer };
export const REQUIRED_HEADERS: string[];
export function send(base: string, request: HostileRequest): Promise<Answer>;
export function run(base: string, requests: HostileRequest[], concurrency?: number): Promise<Result[]>;
export function missingHeaders(result: Result): string[];
export function isFailure(result: Result): boolean;
