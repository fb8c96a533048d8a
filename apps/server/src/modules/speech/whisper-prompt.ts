import { contentStems } from '@conversa/matching';

/** Whisper reads at most 223 tokens of prompt, about 800 characters of English. */
export const MAX_PROMPT_CHARACTERS = 800;

interface Candidate {
  text: string;
  /** Its content words' stems: what the prompt teaches the recognizer to expect. */
  stems: Set<string>;
  order: number;
}

/**
 * Choices made lately, by their texts (a storyfile's vocabulary is read again for each recording,
 * and choosing among 700 phrasings costs milliseconds of the event loop); the oldest go first.
 */
const recentChoices = new Map<string, string[]>();
const RECENT_CHOICES_KEPT = 64;

/**
 * The texts that fit in `room` characters, each taking its length and `separator`'s, in their
 * order. All of them when they fit; otherwise chosen one at a time for the content words not yet
 * in the prompt (`known`'s count as in), fewest characters per new word first, then filled with
 * the rest in order. A storyfile of 35 questions or 300 no longer gives the recognizer only its
 * alphabetically first ones: a question whose words no other text has gets in.
 */
export function chooseForPrompt(
  texts: readonly string[],
  room: number,
  options: { separator: string; known?: string },
): string[] {
  const cost = (text: string) => text.length + options.separator.length;
  if (texts.reduce((sum, text) => sum + cost(text), 0) <= room) {
    return [...texts];
  }
  const key = [room, options.separator, options.known ?? '', ...texts].join('\u0000');
  const recent = recentChoices.get(key);
  if (recent) {
    recentChoices.delete(key);
    recentChoices.set(key, recent);
    return [...recent];
  }
  const candidates: Candidate[] = texts.map((text, order) => ({
    text,
    stems: new Set(contentStems(text)),
    order,
  }));
  const covered = new Set(contentStems(options.known ?? ''));
  const chosen = new Set<Candidate>();
  let left = room;
  for (;;) {
    let best: Candidate | undefined;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const candidate of candidates) {
      if (chosen.has(candidate) || cost(candidate.text) > left) {
        continue;
      }
      let fresh = 0;
      for (const stem of candidate.stems) {
        fresh += covered.has(stem) ? 0 : 1;
      }
      if (fresh > 0 && cost(candidate.text) / fresh < bestCost) {
        best = candidate;
        bestCost = cost(candidate.text) / fresh;
      }
    }
    if (!best) {
      break;
    }
    chosen.add(best);
    left -= cost(best.text);
    best.stems.forEach((stem) => covered.add(stem));
  }
  for (const candidate of candidates) {
    if (!chosen.has(candidate) && cost(candidate.text) <= left) {
      chosen.add(candidate);
      left -= cost(candidate.text);
    }
  }
  const choice = [...chosen].sort((a, b) => a.order - b.order).map((candidate) => candidate.text);
  recentChoices.set(key, choice);
  if (recentChoices.size > RECENT_CHOICES_KEPT) {
    recentChoices.delete(recentChoices.keys().next().value!);
  }
  return [...choice];
}

/**
 * `texts` with their spaces made single and trimmed, without the empty ones and those `seen`
 * already (in any case); each kept one is added to `seen`.
 */
export function uniqueTexts(texts: readonly string[], seen: Set<string>): string[] {
  return texts
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter((text) => {
      const key = text.toLowerCase();
      if (text === '' || seen.has(key)) {
        return false;
      }
      seen.add(key);
      return true;
    });
}

/**
 * Whisper's prompt for a storyfile, written as the text before the recording would be: its
 * phrasings as sentences, then its custom words last (nearest the speech, and kept whole when
 * the phrasings are cut). A list of phrasings joined by commas made Whisper end its readings
 * early, as a list's items end. When the phrasings do not all fit, those that bring the most
 * words the prompt lacks go in (`chooseForPrompt`).
 */
export function buildWhisperPrompt(terms: readonly string[], phrasings: readonly string[]) {
  const seen = new Set<string>();
  const words = uniqueTexts(terms, seen);
  const ending = words.length > 0 ? ` ${words.join(', ')}.` : '';
  const sentences = uniqueTexts(phrasings, seen).map((phrasing) =>
    /[.?!]$/.test(phrasing) ? phrasing : `${phrasing}.`,
  );
  const prompt = chooseForPrompt(sentences, MAX_PROMPT_CHARACTERS - ending.length + 1, {
    separator: ' ',
    known: words.join(' '),
  }).join(' ');
  return `${prompt}${ending}`.trim().slice(-MAX_PROMPT_CHARACTERS);
}
