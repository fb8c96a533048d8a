/** Questions offered as buttons (the story's choices, the conversation starters). */
export function QuestionChips({
  label,
  questions,
  isDisabled,
  onAsk,
}: {
  /** The list's name, also its hidden heading. */
  label: string;
  questions: { key: string; text: string; choiceIndex?: number }[];
  isDisabled: boolean;
  onAsk: (text: string, choiceIndex: number | undefined) => void;
}) {
  return (
    <div>
      <h3 className="sr-only">{label}</h3>
      <ul aria-label={label} className="flex flex-wrap gap-2">
        {questions.map((question) => (
          <li key={question.key}>
            <button
              type="button"
              disabled={isDisabled}
              onClick={() => onAsk(question.text, question.choiceIndex)}
              className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1.5 text-left text-sm font-medium break-words text-brand-800 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
            >
              {question.text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
