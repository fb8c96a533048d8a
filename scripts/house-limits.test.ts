import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Issue 55, items 3 and 4: a README is a reference a person reads through (what it is, how to use
// it, how it works, current figures), in at most 300 lines, its history in docs/experiments; a
// source file holds one idea, in at most 400 lines. Generated files (drizzle's migrations and
// snapshots) are not written by hand and are not counted.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README_LINES = 300;
const SOURCE_LINES = 400;
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const GENERATED = /^apps\/server\/drizzle\//;

function listTracked(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
}

function countLines(file: string): number {
  return readFileSync(path.join(repoRoot, file), 'utf8').trimEnd().split('\n').length;
}

function findLonger(files: string[], limit: number): string[] {
  return files.flatMap((file) => {
    const lines = countLines(file);
    return lines > limit ? [`${file}: ${lines} lines`] : [];
  });
}

describe('the house keeps its files short', () => {
  const tracked = listTracked();
  const readmes = tracked.filter((file) => path.basename(file) === 'README.md');
  const sources = tracked.filter((file) => SOURCE_FILE.test(file) && !GENERATED.test(file));

  it('finds the files to measure', () => {
    expect(readmes).toContain('packages/matching/README.md');
    expect(sources).toContain('apps/server/src/main.ts');
  });

  it(`no README is longer than ${README_LINES} lines`, () => {
    expect(findLonger(readmes, README_LINES)).toEqual([]);
  });

  it(`no source file is longer than ${SOURCE_LINES} lines`, () => {
    expect(findLonger(sources, SOURCE_LINES)).toEqual([]);
  });
});
