import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/** One word's pronunciations in the dictionary's phone set (ARPAbet, no stress marks). */
export type Pronunciations = Map<string, string[]>;

/** Reads a CMU-style dictionary (`word PH ON ES`, variants as `word(2)`). */
export async function readDictionary(file: string): Promise<Pronunciations> {
  const dictionary: Pronunciations = new Map();
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) {
      continue;
    }
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const phones = line.slice(space + 1).trim();
    const known = dictionary.get(word);
    if (known) {
      known.push(phones);
    } else {
      dictionary.set(word, [phones]);
    }
  }
  return dictionary;
}

/**
 * espeak-ng's IPA (en-us) to the CMU dictionary's phones, longest symbol first. Length and stress
 * marks are dropped before mapping; a symbol missing here is skipped rather than guessed.
 */
const IPA_TO_ARPABET: readonly (readonly [string, string])[] = [
  ['aɪə', 'AY ER'],
  ['aɪɚ', 'AY ER'],
  ['aʊɚ', 'AW ER'],
  ['tʃ', 'CH'],
  ['dʒ', 'JH'],
  ['aɪ', 'AY'],
  ['aʊ', 'AW'],
  ['ɔɪ', 'OY'],
  ['oʊ', 'OW'],
  ['əʊ', 'OW'],
  ['eɪ', 'EY'],
  ['ɛɹ', 'EH R'],
  ['ɪɹ', 'IH R'],
  ['ʊɹ', 'UH R'],
  ['ɑɹ', 'AA R'],
  ['ɔɹ', 'AO R'],
  ['oɹ', 'AO R'],
  ['ɜɹ', 'ER'],
  ['ɚ', 'ER'],
  ['ɝ', 'ER'],
  ['ɜ', 'ER'],
  ['ə', 'AH'],
  ['ʌ', 'AH'],
  ['ɐ', 'AH'],
  ['æ', 'AE'],
  ['a', 'AA'],
  ['ɑ', 'AA'],
  ['ɒ', 'AA'],
  ['ɔ', 'AO'],
  ['o', 'OW'],
  ['ɛ', 'EH'],
  ['e', 'EH'],
  ['ɪ', 'IH'],
  ['ᵻ', 'IH'],
  ['i', 'IY'],
  ['ʊ', 'UH'],
  ['u', 'UW'],
  ['b', 'B'],
  ['d', 'D'],
  ['ð', 'DH'],
  ['f', 'F'],
  ['ɡ', 'G'],
  ['g', 'G'],
  ['h', 'HH'],
  ['j', 'Y'],
  ['k', 'K'],
  ['l', 'L'],
  ['m', 'M'],
  ['n', 'N'],
  ['ŋ', 'NG'],
  ['p', 'P'],
  ['ɹ', 'R'],
  ['r', 'R'],
  ['ɾ', 'T'],
  ['s', 'S'],
  ['ʃ', 'SH'],
  ['t', 'T'],
  ['θ', 'TH'],
  ['v', 'V'],
  ['w', 'W'],
  ['z', 'Z'],
  ['ʒ', 'ZH'],
  ['ʔ', 'T'],
];

/** espeak-ng's IPA of one word as dictionary phones; '' when nothing could be mapped. */
export function mapIpaToPhones(ipa: string): string {
  const text = ipa.replace(/[ˈˌːˑ‿\-\s.]/g, '');
  const phones: string[] = [];
  let index = 0;
  while (index < text.length) {
    const match = IPA_TO_ARPABET.find(([symbol]) => text.startsWith(symbol, index));
    if (match) {
      phones.push(match[1]);
      index += match[0].length;
    } else {
      index += 1;
    }
  }
  return phones.join(' ');
}

/**
 * Pronunciations of words the dictionary lacks, from espeak-ng's letter-to-sound rules (one word
 * a line in, one IPA line out). Words it cannot say are left out of the answer.
 */
export function pronounceWithEspeak(
  words: readonly string[],
  options: { espeakPath?: string; voice?: string } = {},
): Promise<Map<string, string>> {
  if (words.length === 0) {
    return Promise.resolve(new Map<string, string>());
  }
  return new Promise((resolve, reject) => {
    const child = spawn(
      options.espeakPath ?? 'espeak-ng',
      ['-q', '--ipa', '-v', options.voice ?? 'en-us'],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(`espeak-ng exited with ${code ?? 'a signal'}`));
        return;
      }
      const lines = stdout.split('\n').map((line) => line.trim());
      const answer = new Map<string, string>();
      words.forEach((word, index) => {
        const phones = mapIpaToPhones(lines[index] ?? '');
        if (phones !== '') {
          answer.set(word, phones);
        }
      });
      resolve(answer);
    });
    // A full stop ends each word's clause, so espeak answers one line per word.
    child.stdin.end(`${words.join('.\n')}.\n`);
  });
}
