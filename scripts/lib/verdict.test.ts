import { describe, expect, it } from 'vitest';
import { judgePlaywright, judgeVitest } from './verdict.mjs';

describe('judgeVitest', () => {
  it.each([
    [
      'an exit code of 0 with failed tests in the report',
      0,
      { numFailedTests: 1, numTotalTests: 3 },
    ],
    ['a failed file with no failed test', 0, { numFailedTestSuites: 1, numTotalTests: 2 }],
    ['an error outside the tests', 0, { numTotalTests: 2, numPassedTests: 2, success: false }],
    ['no report at all', 0, undefined],
    ['a run that ran no test', 0, { numTotalTests: 0, success: true }],
    [
      'a non-zero exit with a clean report',
      1,
      { numTotalTests: 2, numPassedTests: 2, success: true },
    ],
  ])('fails on %s', (_, status, report) => {
    expect(judgeVitest(status, report).ok).toBe(false);
  });

  it('passes a clean run and counts it', () => {
    expect(
      judgeVitest(0, { numTotalTests: 2, numPassedTests: 2, numFailedTests: 0, success: true }),
    ).toEqual({ ok: true, passed: 2, failed: 0, problems: [] });
  });
});

describe('judgePlaywright', () => {
  it.each([
    ['an exit code of 0 with an unexpected result', 0, { stats: { expected: 3, unexpected: 1 } }],
    ['a flaky test', 0, { stats: { expected: 3, flaky: 1 } }],
    ['an error outside the tests', 0, { stats: { expected: 3 }, errors: [{ message: 'x' }] }],
    ['no report at all', 0, undefined],
    ['a run that ran no test', 0, { stats: { expected: 0 } }],
    ['a non-zero exit with a clean report', 1, { stats: { expected: 3 } }],
  ])('fails on %s', (_, status, report) => {
    expect(judgePlaywright(status, report).ok).toBe(false);
  });

  it('passes a clean run and counts it', () => {
    expect(
      judgePlaywright(0, { stats: { expected: 56, unexpected: 0, flaky: 0 }, errors: [] }),
    ).toEqual({ ok: true, passed: 56, failed: 0, problems: [] });
  });
});
