import { memo } from 'react';
import { INK_CLIP_TAG_NAMES, type InkCompileMessage } from '@conversa/contracts';

export const SEVERITY_LABEL: Record<InkCompileMessage['severity'], string> = {
  error: 'Error',
  warning: 'Warning',
  todo: 'TODO',
};
export const SEVERITY_TONE: Record<InkCompileMessage['severity'], string> = {
  error: 'text-red-700',
  warning: 'text-amber-800',
  todo: 'text-sky-800',
};

export const MessageList = memo(function MessageList({
  messages,
  onGoToLine,
}: {
  messages: readonly InkCompileMessage[];
  onGoToLine: (line: number) => void;
}) {
  if (messages.length === 0) {
    return <p className="text-sm text-green-800">No errors, warnings or TODOs.</p>;
  }
  return (
    <ul aria-label="Compiler messages" className="flex flex-col gap-1 text-sm">
      {messages.map((message, index) => {
        const text = (
          <>
            <span className={`font-semibold ${SEVERITY_TONE[message.severity]}`}>
              {SEVERITY_LABEL[message.severity]}
            </span>{' '}
            {message.line === null ? '(no line)' : `line ${message.line}`}: {message.message}
          </>
        );
        return (
          <li key={index} className="break-words">
            {message.line === null ? (
              <span>{text}</span>
            ) : (
              <button
                type="button"
                className="text-left hover:underline focus-visible:underline"
                onClick={() => onGoToLine(message.line!)}
              >
                {text}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
});

export function TagGrammarHelp() {
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
      <summary className="cursor-pointer font-semibold text-slate-800">Clip tags</summary>
      <p className="mt-2">
        A tag at the end of a line plays a video of the storyfile with that line:
      </p>
      <ul className="mt-1 list-disc pl-5">
        <li>
          <code># answer: &lt;question id&gt;</code>: the recorded answer of a checklist question.
          Type <code># answer:</code> and pick the question from the list. An unknown question is an
          error; a question without a recorded answer is a warning, and the player shows its text
          instead.
        </li>
        <li>
          <code># clip: {INK_CLIP_TAG_NAMES.join(' | ')}</code>: one of the storyfile&apos;s clips.
        </li>
        <li>Other tags are yours; a line with several clip tags plays the last.</li>
      </ul>
      <p className="mt-1">
        Published, the story drives conversations: its choices are the suggested questions, and what
        a visitor asks is matched against them first.
      </p>
    </details>
  );
}
