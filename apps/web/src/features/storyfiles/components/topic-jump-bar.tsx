import * as Toolbar from '@radix-ui/react-toolbar';

/**
 * One Tab stop for every topic: arrow keys move between the topics (Home and End to the ends),
 * Enter takes focus to that topic's "Add a question". Without it a keyboard user crossed six
 * topics' question controls, 215 Tab presses, to add a question to the seventh (issue 32, item 11).
 */
export function TopicJumpBar({
  topics,
  onJump,
}: {
  topics: readonly { id: string; name: string }[];
  onJump: (topicId: string) => void;
}) {
  return (
    <Toolbar.Root
      aria-label="Add a question to a topic"
      orientation="horizontal"
      loop={false}
      className="flex flex-wrap items-center gap-1 text-sm"
    >
      <span aria-hidden="true" className="mr-1 text-slate-600">
        Add a question to:
      </span>
      {topics.map((topic, index) => (
        <Toolbar.Button
          key={topic.id}
          onClick={() => onJump(topic.id)}
          aria-label={`Add a question to ${index + 1}. ${topic.name}`}
          className="max-w-48 truncate rounded-md border border-slate-200 bg-white px-2 py-0.5 text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
        >
          {index + 1}. {topic.name}
        </Toolbar.Button>
      ))}
    </Toolbar.Root>
  );
}
