import { useStoryfileTopics } from '../api/storyfile-topics';

export function TopicChoices({
  storyfileId,
  chosen,
  onToggle,
}: {
  storyfileId: string;
  chosen: string[];
  onToggle: (topicId: string) => void;
}) {
  const topics = useStoryfileTopics(storyfileId);
  if (topics.isPending) {
    return <p className="text-xs text-slate-600">Loading topics…</p>;
  }
  return (
    <>
      {(topics.data ?? []).map((topic) => (
        <label key={topic.id} className="flex items-center gap-2 text-sm break-words">
          <input
            type="checkbox"
            checked={chosen.includes(topic.id)}
            onChange={() => onToggle(topic.id)}
          />
          {topic.name}
        </label>
      ))}
    </>
  );
}
