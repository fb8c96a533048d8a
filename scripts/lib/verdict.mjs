// Verdicts of `npm test`'s runners, read from their JSON reports as well as their exit codes: a
// dependency once replaced Vitest's exit code with 0, so neither alone is trusted. Each verdict
// also names what failed, so the last lines of a run (all a CI log may keep) say which test to read.

import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** At most this many failures are named; the count says how many there were. */
const NAMED_FAILURES = 20;

/** The first line of a failure's message, trimmed to one readable line. */
function firstLine(message) {
  // Playwright colours its messages; a log keeps the escape codes as text.
  const line = stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part.length > 0);
  return line ? `: ${line.slice(0, 200)}` : '';
}

/** A test file's path from the repository root (Vitest's report gives absolute paths). */
const fromRoot = (file) => path.relative(process.cwd(), String(file));

/**
 * The failures of a Vitest JSON report: each failed test as `file › full name: message`, and each
 * file that failed with no failed test (a hook or import error) as `file: message`.
 */
function vitestFailures(report) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(
        `${fromRoot(file.name)} › ${test.fullName}${firstLine(test.failureMessages?.[0])}`,
      );
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`${fromRoot(file.name)}${firstLine(file.message)}`);
    }
  }
  return failures.slice(0, NAMED_FAILURES);
}

/** The failed and flaky tests of a Playwright JSON report, as `file › title: message`. */
function playwrightFailures(report) {
  const failures = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = (test.results ?? []).find((result) => result.error)?.error;
          const flaky = test.status === 'flaky' ? ' (flaky)' : '';
          failures.push(
            `${spec.file ?? suite.file} › ${spec.title}${flaky}${firstLine(error?.message)}`,
          );
        }
      }
    }
    (suite.suites ?? []).forEach(visit);
  };
  (report.suites ?? []).forEach(visit);
  for (const error of report.errors ?? []) {
    failures.push(`outside the tests${firstLine(error.message)}`);
  }
  return failures.slice(0, NAMED_FAILURES);
}

/**
 * @param {number} status exit code of `vitest run`
 * @param {any} report its JSON reporter's output, or undefined when none was written
 * @returns {{ ok: boolean, passed: number, failed: number, problems: string[], failures: string[] }}
 */
export function judgeVitest(status, report) {
  const problems = [];
  if (status !== 0) {
    problems.push(`exited ${status}`);
  }
  if (!report) {
    problems.push('wrote no JSON report');
    return { ok: false, passed: 0, failed: 0, problems, failures: [] };
  }
  const failed = report.numFailedTests ?? 0;
  const passed = report.numPassedTests ?? 0;
  if (failed > 0) {
    problems.push(`${failed} failed test(s)`);
  }
  if ((report.numFailedTestSuites ?? 0) > 0) {
    problems.push(`${report.numFailedTestSuites} failed file(s) or suite(s)`);
  }
  if (report.success === false && problems.length === 0) {
    problems.push('reported no success (an error outside the tests)');
  }
  if ((report.numTotalTests ?? 0) === 0) {
    problems.push('ran no test');
  }
  return { ok: problems.length === 0, passed, failed, problems, failures: vitestFailures(report) };
}

/**
 * @param {number} status exit code of `playwright test`
 * @param {any} report its JSON reporter's output, or undefined when none was written
 * @returns {{ ok: boolean, passed: number, failed: number, problems: string[], failures: string[] }}
 */
export function judgePlaywright(status, report) {
  const problems = [];
  if (status !== 0) {
    problems.push(`exited ${status}`);
  }
  if (!report?.stats) {
    problems.push('wrote no JSON report');
    return { ok: false, passed: 0, failed: 0, problems, failures: [] };
  }
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  if (unexpected > 0) {
    problems.push(`${unexpected} failed test(s)`);
  }
  if (flaky > 0) {
    problems.push(`${flaky} flaky test(s)`);
  }
  if ((report.errors ?? []).length > 0) {
    problems.push(`${report.errors.length} error(s) outside the tests`);
  }
  if (expected + unexpected + flaky === 0) {
    problems.push('ran no test');
  }
  return {
    ok: problems.length === 0,
    passed: expected,
    failed: unexpected + flaky,
    problems,
    failures: playwrightFailures(report),
  };
}
