// Verdicts of `npm test`'s runners, read from their JSON reports as well as their exit codes: a
// dependency once replaced Vitest's exit code with 0, so neither alone is trusted.

/**
 * @param {number} status exit code of `vitest run`
 * @param {any} report its JSON reporter's output, or undefined when none was written
 * @returns {{ ok: boolean, passed: number, failed: number, problems: string[] }}
 */
export function judgeVitest(status, report) {
  const problems = [];
  if (status !== 0) {
    problems.push(`exited ${status}`);
  }
  if (!report) {
    problems.push('wrote no JSON report');
    return { ok: false, passed: 0, failed: 0, problems };
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
  return { ok: problems.length === 0, passed, failed, problems };
}

/**
 * @param {number} status exit code of `playwright test`
 * @param {any} report its JSON reporter's output, or undefined when none was written
 * @returns {{ ok: boolean, passed: number, failed: number, problems: string[] }}
 */
export function judgePlaywright(status, report) {
  const problems = [];
  if (status !== 0) {
    problems.push(`exited ${status}`);
  }
  if (!report?.stats) {
    problems.push('wrote no JSON report');
    return { ok: false, passed: 0, failed: 0, problems };
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
  return { ok: problems.length === 0, passed: expected, failed: unexpected + flaky, problems };
}
