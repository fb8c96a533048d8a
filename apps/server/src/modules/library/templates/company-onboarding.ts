import type { ShippedTemplate } from './shipped-template.ts';

export const COMPANY_ONBOARDING_TEMPLATE: ShippedTemplate = {
  slug: 'company-onboarding',
  name: 'Company Onboarding',
  description:
    "Welcome new colleagues with answers from the people who know: the company's story, its culture, how teams work, the first weeks, tools, policies and growth.",
  language: 'en-US',
  topics: [
    {
      name: 'Our Story',
      questions: [
        { text: 'How did the company start?', alternates: ['Who founded the company?'] },
        { text: 'What is our mission?' },
        { text: 'What makes us different from our competitors?' },
        { text: 'Who are our customers?' },
        { text: 'Where do you see the company in five years?' },
      ],
    },
    {
      name: 'Culture and Values',
      questions: [
        { text: 'What are our core values?' },
        { text: 'How would you describe the culture here?' },
        { text: 'How do people here give and receive feedback?' },
        { text: 'How does the company support diversity and inclusion?' },
        { text: 'What do people enjoy most about working here?' },
      ],
    },
    {
      name: 'Teams and People',
      questions: [
        { text: 'How is the company organized?' },
        { text: 'Who should I go to when I have a question?' },
        { text: 'What does the leadership team do?' },
        { text: 'How do teams work together across departments?' },
        { text: 'How can I meet people outside my team?' },
      ],
    },
    {
      name: 'Your First Weeks',
      questions: [
        { text: 'What should I focus on in my first week?' },
        { text: 'What does success look like in my first ninety days?' },
        { text: 'Who will be my onboarding buddy?' },
        { text: 'How will my performance be reviewed?' },
        { text: 'What training is available to me?' },
      ],
    },
    {
      name: 'Tools and Policies',
      questions: [
        { text: 'Which tools do we use to communicate?' },
        { text: 'How do I get access to the systems I need?' },
        { text: 'What is the policy on working from home?', alternates: ['Can I work remotely?'] },
        { text: 'How do I request time off?', alternates: ['How do I book a vacation?'] },
        { text: 'How do I keep company information secure?' },
      ],
    },
    {
      name: 'Benefits and Growth',
      questions: [
        { text: 'What benefits do employees have?' },
        { text: 'How do promotions work here?' },
        { text: 'Is there a budget for learning and conferences?' },
        { text: 'How can I volunteer or give back through the company?' },
        { text: 'What advice would you give a new employee?' },
      ],
    },
  ],
};
