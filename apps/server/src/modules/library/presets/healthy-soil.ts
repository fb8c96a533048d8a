import type { ShippedPreset } from './shipped-preset.ts';

export const HEALTHY_SOIL_PRESET: ShippedPreset = {
  slug: 'healthy-soil',
  name: 'Healthy Soil',
  description:
    'An educator on soil and farming answers gardeners, students and farmers: what soil is, how to tell if it is healthy, how to build it up, and what it means for food, water and climate.',
  language: 'en-US',
  topics: [
    {
      name: 'About Me',
      questions: [
        { text: 'Who are you?', alternates: ['Can you introduce yourself?'] },
        { text: 'How did you get interested in soil?' },
        { text: 'Why does soil matter so much?', alternates: ['Why should I care about soil?'] },
      ],
    },
    {
      name: 'What Soil Is',
      questions: [
        { text: 'What is soil made of?', alternates: ['What is in soil?'] },
        { text: 'What is the difference between soil and dirt?' },
        { text: 'How long does it take to make soil?' },
        {
          text: 'What lives in the soil?',
          alternates: ['Are there really living things in soil?'],
        },
        { text: 'What is organic matter?' },
      ],
    },
    {
      name: 'Healthy Soil',
      questions: [
        {
          text: 'How can I tell if my soil is healthy?',
          alternates: ['What does healthy soil look like?'],
        },
        { text: 'Should I test my soil?', alternates: ['How do I get a soil test?'] },
        { text: 'Why are earthworms good for soil?' },
        { text: 'What does soil pH mean?' },
        { text: 'What causes soil erosion?' },
      ],
    },
    {
      name: 'Building Better Soil',
      questions: [
        { text: 'How do I start composting?', alternates: ['What can I put in compost?'] },
        { text: 'What are cover crops?', alternates: ['Why plant cover crops?'] },
        { text: 'Is tilling bad for soil?', alternates: ['What is no-till farming?'] },
        { text: 'Should I use fertilizer?' },
        { text: 'How do I fix heavy clay soil?', alternates: ['What about sandy soil?'] },
        { text: 'What is mulch and why use it?' },
      ],
    },
    {
      name: 'On the Farm',
      questions: [
        { text: 'What is regenerative agriculture?' },
        { text: 'Why do farmers rotate their crops?' },
        { text: 'How do grazing animals affect soil?' },
        { text: 'Does healthy soil make food more nutritious?' },
      ],
    },
    {
      name: 'Soil and the Planet',
      questions: [
        {
          text: 'How does soil help fight climate change?',
          alternates: ['Can soil store carbon?'],
        },
        { text: 'How does soil clean water?' },
        { text: 'What can I do to help at home?', alternates: ['How can I help protect soil?'] },
        { text: 'Where can I learn more about soil?' },
      ],
    },
  ],
  starters: [
    'What is soil made of?',
    'How can I tell if my soil is healthy?',
    'How do I start composting?',
    'How does soil help fight climate change?',
  ],
  clipPrompts: {
    idle: 'Stand or kneel by a garden bed or field, a handful of soil in your hands, and look at the camera as if listening. About 20 seconds.',
    intro:
      "Hi there! I spend my days thinking about the ground beneath our feet, and there's a whole living world down there. Ask me about soil, gardens, farming, or what soil does for the planet.",
    cannotAnswer:
      "That's a good one, but it's outside what I can answer here. Try asking me about what soil is made of, how to keep it healthy, composting, or farming for healthy soil.",
    pleaseRepeat: "Sorry, I didn't catch that over the wind out here. Could you ask me again?",
  },
};
