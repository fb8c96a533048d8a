import {
  ratePublicExchangeContract,
  rateExchangeContract,
  type ExchangeFeedback,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { callPublicContract } from './public-request';

/** The author's thumbs up or down on an answer in the interact tab (once per exchange). */
export function rateExchange(exchangeId: string, feedback: ExchangeFeedback) {
  return callContract(rateExchangeContract, { params: { exchangeId }, body: { feedback } });
}

/** A visitor's thumbs up or down on an answer of the public player (once per exchange). */
export function ratePublicExchange(slug: string, exchangeId: string, feedback: ExchangeFeedback) {
  return callPublicContract(ratePublicExchangeContract, {
    params: { slug, exchangeId },
    body: { feedback },
  });
}
