import type { Manifest } from './manifest.ts';

/** Counts and sentences of what importing a manifest creates. */
export function summarize(manifest: Manifest) {
  const questions = manifest.topics.flatMap((topic) => topic.questions);
  const answers = questions.filter((question) => question.answer !== null).length;
  const clips = manifest.clips.filter((clip) => clip.video !== null).length;
  const captions = [
    ...questions.map((question) => question.answer),
    ...manifest.clips.map((clip) => clip.video),
  ].filter((video) => video?.captions !== undefined && video !== null).length;
  const counts = {
    topics: manifest.topics.length,
    questions: questions.length,
    alternates: questions.reduce((sum, question) => sum + question.alternates.length, 0),
    starters: manifest.starters.length,
    answers,
    clips,
    videos: answers + clips,
    captions,
    customCategories: manifest.vocabulary.customCategories.length,
    customWords: manifest.vocabulary.customWords.length,
    storyVersions: manifest.ink.versions.length,
    hasInkStory: manifest.ink.versions.length > 0,
  };
  const plural = (count: number, one: string, many: string) =>
    `${count} ${count === 1 ? one : many}`;
  const willCreate = [
    `${plural(counts.topics, 'topic', 'topics')} with ${plural(counts.questions, 'question', 'questions')} (${plural(counts.alternates, 'alternate phrasing', 'alternate phrasings')})`,
    `${plural(counts.answers, 'recorded answer', 'recorded answers')} and ${plural(counts.clips, 'recorded clip', 'recorded clips')}${counts.captions > 0 ? `, ${plural(counts.captions, 'with captions', 'with captions')}` : ''}`,
    `${plural(counts.starters, 'conversation starter', 'conversation starters')}`,
    counts.hasInkStory
      ? `An ink story with ${plural(counts.storyVersions, 'saved version', 'saved versions')}${manifest.ink.publishedVersionNumber !== null ? `, version ${manifest.ink.publishedVersionNumber} published` : ', none published'}`
      : 'No ink story',
    `${plural(counts.customCategories, 'custom category', 'custom categories')} and ${plural(counts.customWords, 'custom word', 'custom words')} (added to the namespace where it lacks them)`,
  ];
  return { counts, willCreate };
}
