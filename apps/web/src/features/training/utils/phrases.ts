/** The phrases typed in the editor: one per line or separated by commas, trimmed, blanks kept out. */
export function parsePhrases(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '');
}

/** "used by N answers' phrasings, folded in M logged questions in the last 30 days" */
export function describeCategoryUsage(usedByAnswers: number, foldedQuestions: number): string {
  const answers =
    usedByAnswers === 1
      ? "1 answer's phrasings"
      : `${usedByAnswers.toLocaleString('en-US')} answers' phrasings`;
  const questions =
    foldedQuestions === 1
      ? '1 logged question'
      : `${foldedQuestions.toLocaleString('en-US')} logged questions`;
  return `Used by ${answers}, folded in ${questions} in the last 30 days`;
}

/** The choice of a category's scope that means the whole namespace. */
export const NAMESPACE_SCOPE_LABEL = 'Every storyfile in the namespace';

/** Where a category folds: its namespace's storyfiles, or one storyfile as its addition. */
export function describeCategoryScope(category: {
  storyfileId: string | null;
  storyfileName: string | null;
}): string {
  if (category.storyfileId === null) {
    return NAMESPACE_SCOPE_LABEL;
  }
  return category.storyfileName === null ? 'Only one storyfile' : `Only ${category.storyfileName}`;
}
