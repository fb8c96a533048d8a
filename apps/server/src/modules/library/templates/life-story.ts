import type { ShippedTemplate } from './shipped-template.ts';

export const LIFE_STORY_TEMPLATE: ShippedTemplate = {
  slug: 'life-story',
  name: 'Life Story',
  description:
    "Preserve a person's memories in their own words: childhood, family, work, the turning points of a life and the advice they want to pass on.",
  language: 'en-US',
  topics: [
    {
      name: 'Early Years',
      questions: [
        { text: 'Where and when were you born?', alternates: ['Where did you grow up?'] },
        { text: 'What was your childhood home like?' },
        { text: 'What is your earliest memory?' },
        { text: 'Tell me about your parents.', alternates: ['What were your parents like?'] },
        { text: 'Did you have brothers or sisters?', alternates: ['Do you have siblings?'] },
        { text: 'What games did you play as a child?' },
        { text: 'What was school like for you?' },
      ],
    },
    {
      name: 'Growing Up',
      questions: [
        { text: 'Who was your best friend growing up?' },
        { text: 'What did you want to be when you grew up?' },
        { text: 'What music did you love as a teenager?' },
        { text: 'What was the first job you ever had?' },
        { text: 'Who was your hero when you were young?' },
        { text: 'What was the hardest lesson you learned as a young person?' },
      ],
    },
    {
      name: 'Love and Family',
      questions: [
        { text: 'How did you meet your partner?', alternates: ['How did you meet your spouse?'] },
        { text: 'What do you remember about your wedding day?' },
        { text: 'What was it like to become a parent?' },
        { text: 'Which family traditions matter most to you?' },
        { text: 'What is your favorite memory with your grandchildren?' },
        { text: 'What do you hope your family remembers about you?' },
      ],
    },
    {
      name: 'Work and Purpose',
      questions: [
        { text: 'What did you do for a living?', alternates: ['What was your career?'] },
        { text: 'What achievement are you proudest of?' },
        { text: 'Who was the best mentor you ever had?' },
        { text: 'What was the biggest risk you ever took?' },
        { text: 'If you could have had any other career, what would it have been?' },
      ],
    },
    {
      name: 'Turning Points',
      questions: [
        { text: 'What was the happiest day of your life?' },
        { text: 'What was the hardest time you lived through, and how did you get through it?' },
        { text: 'Which historical event affected you the most?' },
        { text: 'Is there anything you would do differently?' },
        { text: 'What is something most people do not know about you?' },
      ],
    },
    {
      name: 'Wisdom and Legacy',
      questions: [
        { text: 'What advice would you give your younger self?' },
        { text: 'What does a good life mean to you?' },
        { text: 'What are you most grateful for?' },
        { text: 'What gives your life meaning?', alternates: ['What do you believe in?'] },
        { text: 'How would you like to be remembered?' },
        { text: 'What message would you like to leave for future generations?' },
      ],
    },
  ],
};
