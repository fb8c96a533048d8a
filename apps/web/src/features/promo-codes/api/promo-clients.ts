import { useQuery } from '@tanstack/react-query';
import {
  convertPromoClientContract,
  endPromoTrialContract,
  extendPromoTrialContract,
  listPromoClientsContract,
  revokePromoRedemptionContract,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { promoKeys } from './keys';
import { usePromoMutation } from './use-promo-mutation';

export function usePromoClients() {
  return useQuery({
    queryKey: promoKeys.clients(),
    queryFn: ({ signal }) => callContract(listPromoClientsContract, { query: {}, signal }),
  });
}

export type ClientActionInput =
  { kind: 'extend'; id: string; days: number } | { kind: 'convert' | 'end' | 'revoke'; id: string };

const CONTRACTS = {
  convert: convertPromoClientContract,
  end: endPromoTrialContract,
  revoke: revokePromoRedemptionContract,
};

export function usePromoClientAction() {
  return usePromoMutation((input: ClientActionInput) =>
    input.kind === 'extend'
      ? callContract(extendPromoTrialContract, {
          params: { id: input.id },
          body: { days: input.days },
        })
      : callContract(CONTRACTS[input.kind], { params: { id: input.id } }),
  );
}
