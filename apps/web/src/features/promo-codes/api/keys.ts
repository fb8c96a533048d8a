/** Query keys of promo codes and their clients; any change refetches both (lists are small). */
export const promoKeys = {
  all: ['promo-codes'] as const,
  codes: () => [...promoKeys.all, 'codes'] as const,
  clients: () => [...promoKeys.all, 'clients'] as const,
};
