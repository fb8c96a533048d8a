// The sentences the speech bench speaks beyond the template's own questions, and how they are
// picked and grouped.

/** Paraphrases of the template's questions (none is one of its alternates), and what they ask. */
export const PARAPHRASES: readonly { text: string; asks: string }[] = [
  { text: 'Where were you born?', asks: 'Where and when were you born?' },
  { text: 'What is the first thing you remember?', asks: 'What is your earliest memory?' },
  { text: 'How did you meet your wife?', asks: 'How did you meet your partner?' },
  { text: 'What was your first job?', asks: 'What was the first job you ever had?' },
  { text: 'What was the best day of your life?', asks: 'What was the happiest day of your life?' },
  {
    text: 'What would you tell your younger self?',
    asks: 'What advice would you give your younger self?',
  },
  { text: 'How do you want to be remembered?', asks: 'How would you like to be remembered?' },
  {
    text: 'What games did you play when you were little?',
    asks: 'What games did you play as a child?',
  },
  { text: 'Who was your hero as a kid?', asks: 'Who was your hero when you were young?' },
  { text: 'What are you thankful for?', asks: 'What are you most grateful for?' },
  {
    text: 'What songs did you like when you were a teenager?',
    asks: 'What music did you love as a teenager?',
  },
  { text: 'Who was your best mentor?', asks: 'Who was the best mentor you ever had?' },
];

/** Questions a life story does not answer: a visitor's stray questions. */
export const OFF_TOPIC: readonly string[] = [
  'What is the capital of France?',
  'How do I reset my password?',
  'What will the weather be like tomorrow?',
  'Can you recommend a good pizza place nearby?',
  'How far away is the moon?',
  'Can you help me with my math homework?',
  'What time does the museum close today?',
  'Who won the football game last night?',
  'How do you bake a chocolate cake?',
  'How much is a train ticket to Boston?',
  'Is parking free on Sundays?',
  'Where is the nearest bathroom?',
];

/** Spread `count` picks over `items` (every topic gets its share). */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) {
    return [...items];
  }
  return Array.from(
    { length: count },
    (_, index) => items[Math.floor((index * items.length) / count)]!,
  );
}

export type Group = 'script' | 'paraphrase' | 'off-topic';
export interface Sentence {
  group: Group;
  text: string;
  /** The template question that answers it; undefined off topic. */
  asks: string | undefined;
}
