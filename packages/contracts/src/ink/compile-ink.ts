/**
 * Compiling an ink story the same way in the editor's worker and on the server: inkjs's compiler,
 * then the clip references of its tags checked against the storyfile's checklist. Not exported from
 * the package index (it loads inkjs's compiler); import `@conversa/contracts/ink/compile-ink`.
 */
import { Compiler, CompilerOptions } from 'inkjs/full';
import {
  parseInkCompilerMessage,
  sortInkMessages,
  type InkCompileMessage,
  type InkMessageSeverity,
} from './compile-messages.ts';
import { countInkStats, type InkStoryStats } from './outline.ts';
import { findInkSourceTags, parseInkTag } from './tags.ts';

export interface InkReferenceQuestion {
  id: string;
  text: string;
  isRecorded: boolean;
}

export interface InkCompileResult {
  /** inkjs's JSON, or null when there is any error. */
  compiledJson: string | null;
  messages: InkCompileMessage[];
  stats: InkStoryStats;
}

// inkjs's ErrorType: Author (TODO) = 0, Warning = 1, Error = 2.
const SEVERITY_BY_TYPE: Record<number, InkMessageSeverity> = {
  0: 'todo',
  1: 'warning',
  2: 'error',
};

/**
 * Checks every `# answer:` and `# clip:` tag of the source: an unknown question or clip is an
 * error; a question without a recorded answer is a warning (the player shows its text instead).
 */
export function checkInkClipReferences(
  source: string,
  questions: readonly InkReferenceQuestion[],
): InkCompileMessage[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const messages: InkCompileMessage[] = [];
  for (const tag of findInkSourceTags(source)) {
    const parsed = parseInkTag(tag.text);
    if (!parsed) {
      continue;
    }
    if (parsed.kind === 'invalid') {
      messages.push({ severity: 'error', line: tag.line, message: parsed.message });
    } else if (parsed.kind === 'answer') {
      const question = byId.get(parsed.questionId);
      if (!question) {
        messages.push({
          severity: 'error',
          line: tag.line,
          message: `Unknown question "${parsed.questionId}": an answer tag names a question of this storyfile's checklist.`,
        });
      } else if (!question.isRecorded) {
        messages.push({
          severity: 'warning',
          line: tag.line,
          message: `"${question.text}" has no recorded answer yet: the player shows its text instead.`,
        });
      }
    }
  }
  return messages;
}

/** Compiles a source; never throws for a bad story (its errors are in `messages`). */
export function compileInkSource(
  source: string,
  questions: readonly InkReferenceQuestion[],
): InkCompileResult {
  const messages: InkCompileMessage[] = [];
  // Every knot and stitch counts its visits (Inky's own setting, inklecate -c), so a saved state
  // tells View Inky States where a conversation has been.
  const options = new CompilerOptions(null, [], true, (message: string, type: number) => {
    messages.push(parseInkCompilerMessage(message, SEVERITY_BY_TYPE[type] ?? 'error'));
  });
  let compiledJson: string | null = null;
  try {
    const story = new Compiler(source, options).Compile();
    compiledJson = story.ToJson() ?? null;
  } catch (error) {
    // "Compilation failed." follows errors the handler has already reported; anything else is
    // the compiler's own failure, kept as an error without a line.
    const text = error instanceof Error ? error.message : String(error);
    if (!messages.some((message) => message.severity === 'error')) {
      messages.push(parseInkCompilerMessage(text, 'error'));
    }
  }
  messages.push(...checkInkClipReferences(source, questions));
  const hasErrors = messages.some((message) => message.severity === 'error');
  return {
    compiledJson: hasErrors ? null : compiledJson,
    messages: sortInkMessages(messages),
    stats: countInkStats(source),
  };
}
