import { askPublicStoryfileContract, type PublicAskBody } from '@conversa/contracts';
import { callPublicContract } from './public-request';

/** A visitor's ask (rate-limited; 429 carries the message to show). */
export function askPublicStoryfile(slug: string, body: PublicAskBody) {
  return callPublicContract(askPublicStoryfileContract, { params: { slug }, body });
}
