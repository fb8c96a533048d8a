/** Names a storyfile's model takes from its answers' transcripts, at most. */
export const MAX_TRANSCRIPT_NAMES = 300;

/**
 * The names and places a person says in their answers, as an author wrote them (issue 41: the
 * recognizer learns the storyfile's words): words capitalised inside a sentence ("we moved to
 * Dubuque", "my brother Anselm"), which visitors will say back. A sentence's first word, "I" and
 * its contractions, and words in capitals throughout are left out; a machine draft (lower case)
 * gives none, so only words an author saved or an upload's subtitles carried are learnt.
 */
export function findTranscriptNames(transcripts: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const transcript of transcripts) {
    for (const sentence of transcript.split(/(?<=[.!?…])\s+|\n+/)) {
      const words = sentence.split(/\s+/).filter(Boolean);
      for (const raw of words.slice(1)) {
        const word = raw.replace(/^[^\p{L}]+|[^\p{L}'’]+$/gu, '').replace(/['’]s$/u, '');
        if (
          /^\p{Lu}\p{Ll}+$/u.test(word) &&
          !/^I['’]/u.test(word) &&
          names.size < MAX_TRANSCRIPT_NAMES
        ) {
          names.add(word);
        }
      }
    }
  }
  return [...names];
}
