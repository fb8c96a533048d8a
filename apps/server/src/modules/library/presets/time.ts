import type { ShippedPreset } from './shipped-preset.ts';

export const TIME_PRESET: ShippedPreset = {
  slug: 'time',
  name: 'Time',
  description:
    'A historical figure speaks across the years: their early life, the world they lived in, their great work, the people around them and what they left behind. Answer in their voice, true to the record.',
  language: 'en-US',
  topics: [
    {
      name: 'Who I Am',
      questions: [
        {
          text: 'Who are you?',
          alternates: ['Can you introduce yourself?', 'Tell me about yourself.'],
        },
        { text: 'When and where did you live?', alternates: ['What year is it for you?'] },
        { text: 'What are you best known for?', alternates: ['Why are you famous?'] },
      ],
    },
    {
      name: 'Early Life',
      questions: [
        { text: 'Where did you grow up?', alternates: ['Where were you born?'] },
        { text: 'What was your family like?', alternates: ['Tell me about your parents.'] },
        { text: 'Did you go to school?', alternates: ['How did you learn?'] },
        { text: 'What did you want to be when you were young?' },
      ],
    },
    {
      name: 'My Times',
      questions: [
        { text: 'What was daily life like in your time?' },
        { text: 'What were the big events of your lifetime?' },
        { text: 'How did people travel and send news?' },
        { text: 'What problems did people face in your day?' },
        { text: 'What did people believe that we no longer do?' },
      ],
    },
    {
      name: 'My Work',
      questions: [
        {
          text: 'What was your greatest achievement?',
          alternates: ['What are you proudest of?'],
        },
        { text: 'How did you get started?' },
        { text: 'What was the hardest moment of your life?', alternates: ['Did you ever fail?'] },
        { text: 'Who stood against you?', alternates: ['Did anyone try to stop you?'] },
        { text: 'Do you have any regrets?' },
      ],
    },
    {
      name: 'People in My Life',
      questions: [
        { text: 'Who inspired you?', alternates: ['Who were your heroes?'] },
        { text: 'Who were your closest friends?' },
        { text: 'Did you have children?', alternates: ['Tell me about your family life.'] },
        { text: 'Who did you work with?' },
      ],
    },
    {
      name: 'Legacy',
      questions: [
        { text: 'How do you want to be remembered?' },
        { text: 'What would surprise you about the world today?' },
        { text: 'What do people get wrong about you?' },
        { text: 'What advice would you give young people today?' },
        { text: 'If you could live in any time, when would it be?' },
      ],
    },
  ],
  starters: [
    'Who are you?',
    'What was your greatest achievement?',
    'What was daily life like in your time?',
    'What would surprise you about the world today?',
  ],
  clipPrompts: {
    idle: 'In costume and in character, sit as the figure would, look at the camera and listen, as if a visitor from the future is about to speak. About 20 seconds.',
    intro:
      'Good day to you, traveler. It is not every day that someone comes to visit me across so many years. Ask me about my life, my times or my work; I will tell you what I can.',
    cannotAnswer:
      'Ah, that is beyond what I knew in my time, or beyond what I can say. Ask me instead about my life, the world I lived in, or the work I am remembered for.',
    pleaseRepeat: 'Forgive me, my ears are not what they were. Would you say that again?',
  },
};
