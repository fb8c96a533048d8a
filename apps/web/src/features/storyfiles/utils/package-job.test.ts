import { describe, expect, it } from 'vitest';
import {
  describePackageFileProblem,
  describePackageJobProgress,
  getPackageJobRefetchDelay,
  PACKAGE_JOB_POLL_MS,
  readRememberedExportJob,
  rememberExportJob,
} from './package-job';

const NOW = Date.parse('2026-01-05T10:00:00.000Z');

describe('getPackageJobRefetchDelay', () => {
  it.each([
    ['no job yet', undefined, false],
    ['a waiting job', { state: 'queued', downloadExpiresAt: null }, PACKAGE_JOB_POLL_MS],
    ['a running job', { state: 'running', downloadExpiresAt: null }, PACKAGE_JOB_POLL_MS],
    ['a failed job', { state: 'failed', downloadExpiresAt: null }, false],
    ['a done import (no link)', { state: 'done', downloadExpiresAt: null }, false],
    // A minute before the signed link expires: 15 minutes less one.
    ['a done export', { state: 'done', downloadExpiresAt: '2026-01-05T10:15:00.000Z' }, 840_000],
    // Never a timer too long for setTimeout (it would fire at once, in a loop).
    [
      'a link valid for years',
      { state: 'done', downloadExpiresAt: '2099-01-05T10:00:00.000Z' },
      3_600_000,
    ],
  ] as const)('%s', (_name, job, expected) => {
    expect(getPackageJobRefetchDelay(job, NOW)).toBe(expected);
  });
});

describe('describePackageJobProgress', () => {
  it.each([
    [{ state: 'queued', progress: 0, step: '' }, 'Waiting'],
    [
      { state: 'running', progress: 40, step: 'Packing media/answer-3.mp4 (4 of 12)' },
      'Working: 40% · Packing media/answer-3.mp4 (4 of 12)',
    ],
    [{ state: 'running', progress: 5, step: '  ' }, 'Working: 5%'],
    [{ state: 'done', progress: 100, step: 'Ready' }, 'Done · Ready'],
  ] as const)('%j -> %s', (job, expected) => {
    expect(describePackageJobProgress(job)).toBe(expected);
  });
});

describe('describePackageFileProblem', () => {
  it.each([
    [{ name: 'Grandma Rose.zip', size: 1024 }, null],
    [{ name: 'GRANDMA.ZIP', size: 1024 }, null],
    [{ name: 'notes.txt', size: 10 }, 'A storyfile package must be a .zip file.'],
    [{ name: 'archive.zip.txt', size: 10 }, 'A storyfile package must be a .zip file.'],
    [
      { name: 'empty.zip', size: 0 },
      'This file is empty (0 bytes): it cannot be a storyfile package.',
    ],
    [
      { name: 'huge.zip', size: 10_000_000_001 },
      'This package is larger than 9.3 GB, the most the studio imports.',
    ],
  ])('%j', (file, expected) => {
    expect(describePackageFileProblem(file)).toBe(expected);
  });
});

describe('the remembered export job', () => {
  it('is kept per storyfile and forgotten on request', () => {
    rememberExportJob(localStorage, 'storyfile-a', 'job-1');
    expect(readRememberedExportJob(localStorage, 'storyfile-a')).toBe('job-1');
    expect(readRememberedExportJob(localStorage, 'storyfile-b')).toBeNull();
    rememberExportJob(localStorage, 'storyfile-a', null);
    expect(readRememberedExportJob(localStorage, 'storyfile-a')).toBeNull();
  });

  it('reads as none where storage refuses', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readRememberedExportJob(blocked, 'storyfile-a')).toBeNull();
  });
});
