import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatCount, selectPlural } from './format';

// Issue 44, item 23: "1 storyfiles" in a promo code's limits. Plural rules everywhere through one
// helper (selectPlural, formatCount): a count compared to 1 by hand to choose a word's form is
// the mistake waiting to happen again.

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function listSources(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const file = path.join(folder, entry);
    if (statSync(file).isDirectory()) {
      return listSources(file);
    }
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [file] : [];
  });
}

/**
 * A word's form chosen by comparing a count with 1: `n === 1 ? 'video' : 'videos'`,
 * `` n === 1 ? '1 video' : `${n} videos` ``, `'item' + (n !== 1 ? 's' : '')`.
 */
const HAND_MADE_PLURAL =
  /[!=]==\s*1\s*\?\s*(['"`]|[\w.]+\s*:\s*[\w.]+\s*[}`)]|\w+\s*:\s*`\$\{\w+\}s`)|\?\s*'s'\s*:\s*''|\?\s*''\s*:\s*'s'/;

describe('plurals', () => {
  it('chooses the form by the plural rules', () => {
    expect(selectPlural(1, 'storyfile')).toBe('storyfile');
    expect(selectPlural(0, 'storyfile')).toBe('storyfiles');
    expect(selectPlural(2, 'activity', 'activities')).toBe('activities');
    expect(selectPlural(1.5, 'minute')).toBe('minutes');
    expect(formatCount(1, 'storyfile')).toBe('1 storyfile');
    expect(formatCount(1204, 'question')).toBe('1,204 questions');
  });

  it('makes no plural by hand anywhere in the web app', () => {
    const found = listSources(SOURCE).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          HAND_MADE_PLURAL.test(line)
            ? [`${path.relative(SOURCE, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
