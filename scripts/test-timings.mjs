#!/usr/bin/env node
/**
 * Summarises where a test run's time went: the stages of scripts/run-tests.sh (a TSV of `seconds<TAB>stage` lines),
 * then, when their reports are in the same folder, Vitest's slowest files (vitest.json) and Playwright's tests per
 * project with their summed and slowest durations (playwright.json).
 * Usage: node scripts/test-timings.mjs [run.tsv]   (default: the newest .data/timings/run-*.tsv)
 * Prints to stdout; exits 1 only when there is no timings file to read. A missing or unreadable report is skipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TOP = 10;

/** The newest run-*.tsv in `dir`, or undefined. */
function newestRun(dir) {
  if (!existsSync(dir)) return undefined;
  const runs = readdirSync(dir)
    .filter((name) => /^run-.*\.tsv$/.test(name))
    .sort();
  return runs.length ? path.join(dir, runs[runs.length - 1]) : undefined;
}

/** The JSON in `file`, or undefined when it is missing or not JSON (a run stopped before the reporter wrote it). */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function printStages(file) {
  console.log(`Stages (${path.relative(process.cwd(), file)}):`);
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [took, name] = line.split('\t');
    if (name) console.log(`  ${took.padStart(6)} s  ${name}`);
  }
}

function printVitest(report) {
  const files = report.testResults.map((result) => ({
    name: path.relative(process.cwd(), result.name),
    ms: result.endTime - result.startTime,
    tests: result.assertionResults.length,
  }));
  const start = Math.min(...report.testResults.map((result) => result.startTime));
  const end = Math.max(...report.testResults.map((result) => result.endTime));
  console.log(
    `Vitest: ${report.numTotalTests} tests in ${files.length} files, ${seconds(end - start)} from first to last file;`,
    `slowest files:`,
  );
  for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, TOP))
    console.log(`  ${seconds(file.ms).padStart(8)}  ${String(file.tests).padStart(4)} tests  ${file.name}`);
}

/** Every test result of a Playwright JSON report, with its project and title path. */
function playwrightTests(suites, titles = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({
        project: test.projectName,
        title: [...titles, suite.title, spec.title].filter(Boolean).join(' › '),
        ms: test.results.reduce((sum, result) => sum + result.duration, 0),
      })),
    ),
    ...playwrightTests(suite.suites ?? [], [...titles, suite.title]),
  ]);
}

function printPlaywright(report) {
  const tests = playwrightTests(report.suites);
  console.log(
    `Playwright: ${tests.length} tests, ${seconds(report.stats?.duration ?? 0)} wall; per project:`,
  );
  const projects = new Map();
  for (const test of tests) {
    const entry = projects.get(test.project) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += test.ms;
    projects.set(test.project, entry);
  }
  for (const [name, entry] of projects)
    console.log(`  ${name.padEnd(16)} ${String(entry.count).padStart(4)} tests  ${seconds(entry.ms)} summed`);
  console.log('  slowest tests:');
  for (const test of tests.sort((a, b) => b.ms - a.ms).slice(0, TOP))
    console.log(`  ${seconds(test.ms).padStart(8)}  [${test.project}] ${test.title}`);
}

const file = process.argv[2] ?? newestRun(path.join(process.cwd(), '.data', 'timings'));
if (!file || !existsSync(file)) {
  console.error('No timings file: run scripts/run-tests.sh first, or pass a run-*.tsv.');
  process.exit(1);
}
printStages(file);
const dir = path.dirname(file);
const vitest = readJson(path.join(dir, 'vitest.json'));
if (vitest?.testResults) printVitest(vitest);
const playwright = readJson(path.join(dir, 'playwright.json'));
if (playwright?.suites) printPlaywright(playwright);
