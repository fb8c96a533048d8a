import { useQuery } from '@tanstack/react-query';
import {
  createPromoCodeContract,
  deletePromoCodeContract,
  listPromoCodesContract,
  updatePromoCodeContract,
  type CreatePromoCodeInput,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { promoKeys } from './keys';
import { usePromoMutation } from './use-promo-mutation';

export function usePromoCodes() {
  return useQuery({
    queryKey: promoKeys.codes(),
    queryFn: ({ signal }) => callContract(listPromoCodesContract, { signal }),
  });
}

export function useCreatePromoCode() {
  return usePromoMutation((body: CreatePromoCodeInput) =>
    callContract(createPromoCodeContract, { body }),
  );
}

export function useUpdatePromoCode() {
  return usePromoMutation((input: { id: string; isActive: boolean }) =>
    callContract(updatePromoCodeContract, {
      params: { id: input.id },
      body: { isActive: input.isActive },
    }),
  );
}

export function useDeletePromoCode() {
  return usePromoMutation((id: string) =>
    callContract(deletePromoCodeContract, { params: { id } }),
  );
}
