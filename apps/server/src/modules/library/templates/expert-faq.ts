import type { ShippedTemplate } from './shipped-template.ts';

export const EXPERT_FAQ_TEMPLATE: ShippedTemplate = {
  slug: 'expert-faq',
  name: 'Expert FAQ',
  description:
    'Let visitors ask a subject-matter expert anything: their background, the basics of the field, the questions people always ask, practical advice, myths and where to learn more.',
  language: 'en-US',
  topics: [
    {
      name: 'About the Expert',
      questions: [
        {
          text: 'Who are you?',
          alternates: ['Can you introduce yourself?', 'Tell me about yourself.'],
        },
        { text: 'What is your area of expertise?', alternates: ['What do you specialize in?'] },
        { text: 'How did you get into this field?' },
        { text: 'What training or qualifications do you have?' },
        { text: 'What does a typical day look like for you?' },
      ],
    },
    {
      name: 'The Basics',
      questions: [
        { text: 'Can you explain your field in simple terms?' },
        { text: 'Which terms should a beginner know?' },
        { text: 'Why does this topic matter to everyday people?' },
        { text: 'How has the field changed over the last ten years?' },
        { text: 'What do people most often misunderstand about your work?' },
      ],
    },
    {
      name: 'Common Questions',
      questions: [
        { text: 'What question do people ask you most often?' },
        { text: 'How do I know if I need professional help with this?' },
        { text: 'How much does it usually cost to get started?' },
        { text: 'How long does it take to see results?' },
        { text: 'What risks should I be aware of?' },
        { text: 'Is there anything I can do on my own?' },
      ],
    },
    {
      name: 'Practical Advice',
      questions: [
        { text: 'What is the first step you would recommend?', alternates: ['Where do I start?'] },
        { text: 'What mistakes should beginners avoid?' },
        { text: 'Which tools or resources do you use every day?' },
        { text: 'How do I choose the right professional?' },
        { text: 'What should I ask before making a decision?' },
      ],
    },
    {
      name: 'Myths and Debates',
      questions: [
        { text: 'What is the biggest myth in your field?' },
        { text: 'What do experts in your field disagree about?' },
        { text: 'Which advice found online should people ignore?' },
        { text: 'What research are you most excited about?' },
      ],
    },
    {
      name: 'Learning More',
      questions: [
        { text: 'Which books would you recommend?' },
        { text: 'Where can I find reliable information?' },
        { text: 'How can I contact you or your organization?' },
        { text: 'What would you like every visitor to remember?' },
      ],
    },
  ],
};
