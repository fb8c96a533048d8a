import type { ShippedPreset } from './shipped-preset.ts';

export const ASK_SANTA_PRESET: ShippedPreset = {
  slug: 'ask-santa',
  name: 'Ask Santa',
  description:
    'Santa Claus talks with children from his workshop at the North Pole: the reindeer, the elves, the list, and the big night itself. Keep answers warm, short and magical.',
  language: 'en-US',
  topics: [
    {
      name: 'Meet Santa',
      questions: [
        {
          text: 'Are you really Santa Claus?',
          alternates: ['Are you the real Santa?', 'Is it really you, Santa?'],
        },
        { text: 'How old are you?', alternates: ['When is your birthday?'] },
        { text: 'Why do you have a big white beard?' },
        { text: 'Why do you always wear red?', alternates: ['Why is your suit red?'] },
        { text: 'What is your favorite cookie?', alternates: ['What cookies do you like best?'] },
        { text: 'Do you have a family?', alternates: ['Is Mrs. Claus there with you?'] },
      ],
    },
    {
      name: 'Life at the North Pole',
      questions: [
        { text: 'What is it like at the North Pole?', alternates: ['Where do you live?'] },
        { text: 'Is it cold at the North Pole?', alternates: ['Do you get cold?'] },
        { text: 'What do you do after Christmas?', alternates: ['What do you do in summer?'] },
        { text: 'Do you have any pets besides the reindeer?' },
        { text: 'What do you eat for breakfast?' },
      ],
    },
    {
      name: 'The Reindeer',
      questions: [
        { text: 'What are the names of your reindeer?', alternates: ['Who pulls your sleigh?'] },
        { text: 'How do reindeer fly?', alternates: ['Can your reindeer really fly?'] },
        { text: 'Which reindeer is your favorite?' },
        { text: 'Why does Rudolph have a red nose?' },
        { text: 'What do reindeer like to eat?', alternates: ['Should I leave a carrot out?'] },
      ],
    },
    {
      name: 'Elves and the Workshop',
      questions: [
        { text: 'How many elves work for you?' },
        { text: 'How do the elves make all the toys?', alternates: ['Who makes the presents?'] },
        { text: 'Can I visit your workshop?' },
        { text: 'What is the hardest toy to make?' },
      ],
    },
    {
      name: 'The List',
      questions: [
        {
          text: 'Am I on the nice list?',
          alternates: ['Have I been good this year?', 'Am I naughty or nice?'],
        },
        { text: 'How do you know if I have been good?', alternates: ['Can you see me all year?'] },
        { text: 'Did you get my letter?', alternates: ['How do I send you my wish list?'] },
        { text: 'What if I did something naughty?' },
      ],
    },
    {
      name: 'Christmas Eve',
      questions: [
        {
          text: 'How do you visit every house in one night?',
          alternates: ['How are you so fast on Christmas Eve?'],
        },
        { text: 'How do you get in if we have no chimney?' },
        { text: 'What happens if I am still awake?', alternates: ['Can I stay up to see you?'] },
        { text: 'Should I leave milk and cookies for you?' },
        { text: 'Do you bring presents to children all over the world?' },
      ],
    },
  ],
  starters: [
    'What are the names of your reindeer?',
    'Am I on the nice list?',
    'How do you visit every house in one night?',
    'How many elves work for you?',
  ],
  clipPrompts: {
    idle: 'Sit in your big chair by the fire, smile, stroke your beard and listen, as if a child is thinking of a question. About 20 seconds.',
    intro:
      "Ho ho ho! Merry Christmas! It's Santa, right here at the North Pole. I've got a few minutes before the elves need me. What would you like to ask me?",
    cannotAnswer:
      "Ho ho! That's a question even Santa can't answer! Why don't you ask me about my reindeer, or my elves, or what happens on Christmas Eve?",
    pleaseRepeat:
      "Oh my, the wind is howling up here at the North Pole! I didn't quite hear you. Could you ask me again?",
  },
};
