import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { exchangeRatingSchema, rateExchangeBodySchema } from '../training/exchange-rating.ts';
import { LEARNING_STUDENT } from './list-my-activities.ts';

export const rateMyActivityAnswerContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/learning/my-activities/:id/exchanges/:exchangeId/feedback',
  summary:
    "A student's thumbs up or down on an answer they were given in the activity, once per exchange: kept on the attempt's exchange in the chat log, as the public player's are",
  tags: ['learning'],
  permission: LEARNING_STUDENT,
  isOpenToStudents: true,
  params: z.object({ id: z.uuid(), exchangeId: z.uuid() }),
  body: rateExchangeBodySchema,
  response: exchangeRatingSchema,
  errors: [404, 409],
});
