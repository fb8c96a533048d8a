import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A clone has nothing beside it: code, tests, scripts and configuration may not reach outside the
// repository (the data a test needs is copied in, with its source and licence). Prose may still
// name the team's shared documents.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CODE_FILE = /\.(?:[cm]?[jt]sx?|json|ya?ml|sh)$|(?:^|\/)\.ci\/run$/;
const OUTSIDE_REFERENCE = /\.\.\/shared\b|\/work\/shared\b/;

function listTrackedCodeFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter((file) => CODE_FILE.test(file));
}

describe('the repository stands alone', () => {
  it('finds code files to check', () => {
    expect(listTrackedCodeFiles()).toContain('package.json');
  });

  it('no tracked code, test, script or configuration names a folder beside the repository', () => {
    const offenders = listTrackedCodeFiles().flatMap((file) =>
      readFileSync(path.join(repoRoot, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE_REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
