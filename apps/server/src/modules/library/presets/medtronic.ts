import type { ShippedPreset } from './shipped-preset.ts';

export const MEDTRONIC_PRESET: ShippedPreset = {
  slug: 'medtronic',
  name: 'Medtronic',
  description:
    "A product and patient-education expert answers patients and caregivers about a medical device: what it does, getting it, living with it and where to get help. Answers are general education, never medical advice: each points back to the patient's own care team.",
  language: 'en-US',
  topics: [
    {
      name: 'About Me',
      questions: [
        {
          text: 'Who are you?',
          alternates: ['Can you introduce yourself?', 'What is your role?'],
        },
        { text: 'Are you a doctor?', alternates: ['Can you give me medical advice?'] },
        { text: 'How long have you worked with patients who use this device?' },
      ],
    },
    {
      name: 'Understanding the Device',
      questions: [
        {
          text: 'What does this device do?',
          alternates: ['What is this device for?', 'How does the device help me?'],
        },
        { text: 'How does it work?', alternates: ['Can you explain how the device works?'] },
        { text: 'Who is this device for?', alternates: ['Is this device right for me?'] },
        { text: 'How long does the battery last?' },
        { text: 'Will I be able to feel the device?' },
      ],
    },
    {
      name: 'Getting Ready',
      questions: [
        {
          text: 'What happens during the procedure?',
          alternates: ['How is the device put in?'],
        },
        { text: 'How should I prepare for my appointment?' },
        { text: 'What questions should I ask my doctor?' },
        {
          text: 'How long does recovery take?',
          alternates: ['When will I feel like myself again?'],
        },
        { text: 'What will I need to do in the first few weeks?' },
      ],
    },
    {
      name: 'Living with the Device',
      questions: [
        { text: 'Can I exercise with the device?', alternates: ['Can I play sports?'] },
        { text: 'Can I travel with the device?', alternates: ['What about airport security?'] },
        { text: 'Can I use my cell phone and other electronics?' },
        { text: 'Can I have an MRI?', alternates: ['Is an MRI scan safe for me?'] },
        { text: 'How often do I need check-ups?', alternates: ['How is my device monitored?'] },
        { text: 'How do I take care of the device day to day?' },
      ],
    },
    {
      name: 'Safety and Warning Signs',
      questions: [
        {
          text: 'What symptoms should I watch for?',
          alternates: ['What are the warning signs?'],
        },
        { text: 'What should I do if the device alarms or beeps?' },
        { text: 'When should I call my doctor?' },
        { text: 'What should I do in an emergency?' },
      ],
    },
    {
      name: 'Support and Resources',
      questions: [
        { text: 'Who do I call with a question about my device?' },
        { text: 'What is the patient ID card for?' },
        { text: 'Will my insurance cover the device?', alternates: ['How much does it cost?'] },
        { text: 'Where can I learn more?', alternates: ['Where can I find reliable information?'] },
        { text: 'How can my family support me?' },
      ],
    },
  ],
  starters: [
    'What does this device do?',
    'Can I exercise with the device?',
    'What symptoms should I watch for?',
    'Who do I call with a question about my device?',
  ],
  clipPrompts: {
    idle: 'Sit upright and relaxed, look at the camera with a calm, friendly face, as if listening to a patient. About 20 seconds.',
    intro:
      'Hello, and welcome. I help patients and families understand their device and live well with it. I can share general information, but your own care team knows your situation best. What would you like to know?',
    cannotAnswer:
      "That's a good question, and it's one I can't answer here. Please ask your doctor or nurse, or call the number on your patient ID card. If it's an emergency, call your local emergency number right away.",
    pleaseRepeat: "I'm sorry, I didn't quite catch that. Could you ask your question again?",
  },
};
