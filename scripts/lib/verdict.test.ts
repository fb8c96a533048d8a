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
    ).toEqual({ ok: true, passed: 2, failed: 0, problems: [], failures: [] });
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
    ).toEqual({ ok: true, passed: 56, failed: 0, problems: [], failures: [] });
  });
});

describe('naming what failed', () => {
  it('names each failed Vitest test with its file and first message line, and a file that failed alone', () => {
    const verdict = judgeVitest(1, {
      numTotalTests: 3,
      numFailedTests: 1,
      numFailedTestSuites: 2,
      testResults: [
        {
          name: `${process.cwd()}/apps/server/src/a.test.ts`,
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', failureMessages: [] },
            {
              fullName: 'a > refuses',
              status: 'failed',
              failureMessages: ['\nAssertionError: expected 403 to be 200\n    at a.test.ts:9'],
            },
          ],
        },
        {
          name: `${process.cwd()}/apps/server/src/b.test.ts`,
          status: 'failed',
          message: 'Hook timed out in 10000ms.',
          assertionResults: [],
        },
        { name: `${process.cwd()}/c.test.ts`, status: 'passed', assertionResults: [] },
      ],
    });
    expect(verdict.failures).toEqual([
      'apps/server/src/a.test.ts › a > refuses: AssertionError: expected 403 to be 200',
      'apps/server/src/b.test.ts: Hook timed out in 10000ms.',
    ]);
  });

  it('names failed and flaky Playwright tests in nested suites, and errors outside the tests', () => {
    const verdict = judgePlaywright(1, {
      stats: { expected: 1, unexpected: 1, flaky: 1 },
      errors: [{ message: 'Error: webServer exited early' }],
      suites: [
        {
          file: 'uploads.spec.ts',
          specs: [{ title: 'plays', file: 'uploads.spec.ts', tests: [{ status: 'expected' }] }],
          suites: [
            {
              file: 'uploads.spec.ts',
              specs: [
                {
                  title: 'resumes',
                  file: 'uploads.spec.ts',
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ error: { message: '\u001b[31mTimeout 5000ms\u001b[39m' } }],
                    },
                  ],
                },
                {
                  title: 'deletes',
                  file: 'uploads.spec.ts',
                  tests: [{ status: 'flaky', results: [{ error: { message: 'x\ny' } }, {}] }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(verdict.failures).toEqual([
      'uploads.spec.ts › resumes: Timeout 5000ms',
      'uploads.spec.ts › deletes (flaky): x',
      'outside the tests: Error: webServer exited early',
    ]);
  });
});
