// Porter (1980) stemmer. Written out here rather than pulled from a package so the matcher has no
// runtime dependency and its behaviour is pinned with the code.

function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u') {
    return false;
  }
  if (ch === 'y') {
    return i === 0 ? true : !isConsonant(word, i - 1);
  }
  return true;
}

/** Number of vowel-consonant sequences in `stem` (Porter's m). */
function measureStem(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) {
    i++;
  }
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) {
      i++;
    }
    if (i >= n) {
      break;
    }
    while (i < n && isConsonant(stem, i)) {
      i++;
    }
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) {
    if (!isConsonant(stem, i)) {
      return true;
    }
  }
  return false;
}

function hasDoubleConsonantEnding(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** Consonant-vowel-consonant ending where the last consonant is not w, x or y (Porter's *o). */
function hasCvcEnding(word: string): boolean {
  const n = word.length;
  if (n < 3) {
    return false;
  }
  const last = word[n - 1];
  return (
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    last !== 'w' &&
    last !== 'x' &&
    last !== 'y'
  );
}

type Rule = readonly [suffix: string, replacement: string];

function applyRules(word: string, rules: readonly Rule[], minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return measureStem(stem) > minMeasure ? stem + replacement : word;
    }
  }
  return word;
}

const STEP2_RULES: readonly Rule[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];

const STEP3_RULES: readonly Rule[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

const STEP4_SUFFIXES = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

function applyStep1a(word: string): string {
  if (word.endsWith('sses')) {
    return word.slice(0, -2);
  }
  if (word.endsWith('ies')) {
    return word.slice(0, -2);
  }
  if (word.endsWith('ss')) {
    return word;
  }
  if (word.endsWith('s')) {
    return word.slice(0, -1);
  }
  return word;
}

function applyStep1b(word: string): string {
  if (word.endsWith('eed')) {
    return measureStem(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  }
  let stem: string | undefined;
  if (word.endsWith('ed') && hasVowel(word.slice(0, -2))) {
    stem = word.slice(0, -2);
  } else if (word.endsWith('ing') && hasVowel(word.slice(0, -3))) {
    stem = word.slice(0, -3);
  }
  if (stem === undefined) {
    return word;
  }
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) {
    return `${stem}e`;
  }
  if (hasDoubleConsonantEnding(stem) && !/[lsz]$/.test(stem)) {
    return stem.slice(0, -1);
  }
  if (measureStem(stem) === 1 && hasCvcEnding(stem)) {
    return `${stem}e`;
  }
  return stem;
}

function applyStep1c(word: string): string {
  if (word.endsWith('y') && hasVowel(word.slice(0, -1))) {
    return `${word.slice(0, -1)}i`;
  }
  return word;
}

function applyStep4(word: string): string {
  for (const suffix of STEP4_SUFFIXES) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      if (suffix === 'ion' && !/[st]$/.test(stem)) {
        return word;
      }
      return measureStem(stem) > 1 ? stem : word;
    }
  }
  return word;
}

function applyStep5(word: string): string {
  let result = word;
  if (result.endsWith('e')) {
    const stem = result.slice(0, -1);
    const m = measureStem(stem);
    if (m > 1 || (m === 1 && !hasCvcEnding(stem))) {
      result = stem;
    }
  }
  if (measureStem(result) > 1 && hasDoubleConsonantEnding(result) && result.endsWith('l')) {
    result = result.slice(0, -1);
  }
  return result;
}

/** Reduces a lower-case English word to its Porter stem ("transferred" → "transfer"). */
export function stemWord(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) {
    return word;
  }
  let result = applyStep1a(word);
  result = applyStep1b(result);
  result = applyStep1c(result);
  result = applyRules(result, STEP2_RULES, 0);
  result = applyRules(result, STEP3_RULES, 0);
  result = applyStep4(result);
  return applyStep5(result);
}

const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 100_000;

/** `stemWord` through a bounded cache (a thread indexes the same words storyfile after storyfile). */
export function stemWithCache(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = stemWord(word);
    if (stemCache.size >= STEM_CACHE_LIMIT) {
      stemCache.clear();
    }
    stemCache.set(word, stem);
  }
  return stem;
}
