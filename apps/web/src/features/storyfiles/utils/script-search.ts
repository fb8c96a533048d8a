import {
  matchesSearch,
  parseSearchQuery,
  type StoryfileTopic,
  type TranscriptSummary,
} from '@conversa/contracts';

/** Characters of the answer shown either side of the first word found. */
export const EXCERPT_CONTEXT = 60;

/** A piece of an excerpt: `found` pieces are the searched words, shown marked. */
export type ExcerptPart = { text: string; found: boolean };

export type ScriptSearchResult = {
  questionId: string;
  questionText: string;
  topicName: string;
  /** Where the words were found: the question (or one of its alternates), its answer, or both. */
  inQuestion: boolean;
  /** The answer's words around the first term, split so the terms can be marked; null when the
   * question matched on its own words only. */
  excerpt: ExcerptPart[] | null;
};

/** Splits `text` into pieces, marking every occurrence of the terms (case aside). */
export function markTerms(text: string, terms: string[]): ExcerptPart[] {
  const lower = text.toLowerCase();
  const found = new Array<boolean>(text.length).fill(false);
  for (const term of terms.map((candidate) => candidate.toLowerCase())) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length)) {
      found.fill(true, at, at + term.length);
    }
  }
  const parts: ExcerptPart[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const last = parts.at(-1);
    if (last !== undefined && last.found === found[index]) {
      last.text += text[index];
    } else {
      parts.push({ text: text[index]!, found: found[index]! });
    }
  }
  return parts;
}

/** The answer's words around the first term found, cut at word edges, with the terms marked. */
export function buildExcerpt(text: string, terms: string[]): ExcerptPart[] {
  const lower = text.toLowerCase();
  const first = Math.min(
    ...terms.map((term) => lower.indexOf(term.toLowerCase())).filter((at) => at !== -1),
  );
  let start = Math.max(0, first - EXCERPT_CONTEXT);
  let end = Math.min(text.length, first + EXCERPT_CONTEXT * 2);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space >= first ? start : space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > first ? space : end;
  }
  const parts = markTerms(text.slice(start, end), terms);
  if (start > 0) {
    parts.unshift({ text: '…', found: false });
  }
  if (end < text.length) {
    parts.push({ text: '…', found: false });
  }
  return parts;
}

/**
 * The script's questions that match the search (spec §5 search match: every word or "quoted
 * phrase" appears, case aside) in their own text and alternates, or in what their answer says
 * (its transcript). Script order. An empty search finds nothing: the checklist shows everything.
 */
export function searchScript(
  topics: StoryfileTopic[],
  transcripts: TranscriptSummary[],
  query: string,
): ScriptSearchResult[] {
  const terms = parseSearchQuery(query);
  if (terms.length === 0) {
    return [];
  }
  const said = new Map<string, string>();
  for (const transcript of transcripts) {
    if (transcript.questionId !== null && transcript.text.trim() !== '') {
      said.set(transcript.questionId, transcript.text);
    }
  }
  return topics.flatMap((topic) =>
    topic.questions.flatMap((question) => {
      const inQuestion = [question.text, ...question.alternates].some((text) =>
        matchesSearch(text, query),
      );
      const answer = said.get(question.id);
      const inAnswer = answer !== undefined && matchesSearch(answer, query);
      if (!inQuestion && !inAnswer) {
        return [];
      }
      return [
        {
          questionId: question.id,
          questionText: question.text,
          topicName: topic.name,
          inQuestion,
          excerpt: inAnswer ? buildExcerpt(answer, terms) : null,
        },
      ];
    }),
  );
}
