import { PromoCodesScreen } from '@/features/promo-codes';

export function PromoCodeClientsRoute() {
  return <PromoCodesScreen />;
}
