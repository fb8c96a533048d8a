import { describe, expect, it } from 'vitest';
import { buildLanguageModel, splitIntoWords } from './language-model.ts';
import { parseCtm, parseNbest } from './pocketsphinx.ts';
import { mapIpaToPhones } from './pronunciations.ts';

/** Reads an ARPA model back: log10 probabilities and backoffs by n-gram. */
function readArpa(text: string) {
  const probability = new Map<string, number>();
  const backoff = new Map<string, number>();
  let order = 0;
  for (const line of text.split('\n')) {
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) {
      order = Number(section[1]);
      continue;
    }
    const fields = line.split('\t');
    if (order > 0 && fields.length >= 2) {
      probability.set(fields[1]!, Number(fields[0]));
      if (fields[2] !== undefined) {
        backoff.set(fields[1]!, Number(fields[2]));
      }
    }
  }
  /** P(word | history) as a decoder reads it: listed, else backoff times the shorter history. */
  const score = (words: string[]): number => {
    const key = words.join(' ');
    if (probability.has(key)) {
      return 10 ** probability.get(key)!;
    }
    if (words.length === 1) {
      return 0;
    }
    return 10 ** (backoff.get(words.slice(0, -1).join(' ')) ?? 0) * score(words.slice(1));
  };
  return { probability, score };
}

const GENERAL = [
  { word: 'the', log10Probability: -1.4 },
  { word: 'bread', log10Probability: -4.5 },
  { word: 'where', log10Probability: -2.9 },
];

describe('buildLanguageModel', () => {
  const arpa = buildLanguageModel({
    sentences: [
      ['where', 'were', 'you', 'born'],
      ['where', 'did', 'you', 'grow', 'up'],
    ],
    generalWords: GENERAL,
    storyfileWeight: 0.7,
  });
  const model = readArpa(arpa);
  const vocabulary = ['where', 'were', 'you', 'born', 'did', 'grow', 'up', 'the', 'bread', '</s>'];

  it('sums to one after every history, seen or not (so the decoder compares like with like)', () => {
    for (const history of [
      ['<s>'],
      ['where'],
      ['<s>', 'where'],
      ['you'],
      ['the'],
      ['where', 'did'],
    ]) {
      const total = vocabulary.reduce((sum, word) => sum + model.score([...history, word]), 0);
      expect(total, history.join(' ')).toBeCloseTo(1, 3);
    }
  });

  it('follows the script after a script word, and leaves general words their share', () => {
    expect(model.score(['where', 'were'])).toBeGreaterThan(model.score(['where', 'bread']) * 50);
    expect(model.score(['bread'])).toBeGreaterThan(0);
    expect(model.score(['<s>', 'where', 'did'])).toBeGreaterThan(0.3);
  });

  it('states its n-gram counts', () => {
    expect(arpa).toMatch(/ngram 1=11\nngram 2=\d+\nngram 3=\d+/);
  });
});

describe('speech helpers', () => {
  it('splits phrasings into dictionary words', () => {
    expect(splitIntoWords("Where's Café Nüremberg? It's 1990—isn't it")).toEqual([
      "where's",
      'cafe',
      'nuremberg',
      "it's",
      '1990',
      "isn't",
      'it',
    ]);
  });

  it('maps espeak-ng IPA to the dictionary phones', () => {
    expect(mapIpaToPhones('mɪlwˈɔːkiː')).toBe('M IH L W AO K IY');
    expect(mapIpaToPhones('ɡɹˈoʊ')).toBe('G R OW');
    expect(mapIpaToPhones('tʃˈɜːtʃ')).toBe('CH ER CH');
  });

  it("reads the decoder's best reading with word times and posteriors, and its n-best list", () => {
    const ctm = [
      'speech 1 0.00 0.09 <s> 0.999',
      'speech 1 0.10 0.28 where 0.900',
      'speech 1 0.39 0.15 were 0.800',
      'speech 1 0.55 0.05 <sil> 1.000',
      'speech 1 0.61 0.09 you 0.700',
      'speech 1 0.71 0.27 born(2) 0.600',
    ].join('\n');
    expect(parseCtm(ctm)).toEqual({
      text: 'where were you born',
      confidence: 0.75,
      words: [
        { text: 'where', startMs: 100, endMs: 380, confidence: 0.9 },
        { text: 'were', startMs: 390, endMs: 540, confidence: 0.8 },
        { text: 'you', startMs: 610, endMs: 700, confidence: 0.7 },
        { text: 'born', startMs: 710, endMs: 980, confidence: 0.6 },
      ],
    });
    expect(parseCtm('')).toEqual({ text: '', confidence: null, words: [] });
    // Spellings of one reading are merged; shares follow the score differences and sum to one.
    const readings = parseNbest(
      [
        'where were you born -1000',
        'where were you born(2) -1000',
        'where were you bored -1135',
        '<s> <sil> -5000',
      ].join('\n'),
    );
    expect(readings.map((reading) => reading.text)).toEqual([
      'where were you born',
      'where were you bored',
    ]);
    expect(readings[0]!.confidence).toBeGreaterThan(0.7);
    expect(readings[1]!.confidence).toBeGreaterThan(0.1);
    expect(parseNbest('')).toEqual([]);
  });
});
