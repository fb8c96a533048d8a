import { ScreenHeading } from './screen-heading';

export function PromoCodeClientsRoute() {
  return (
    <ScreenHeading
      path="/promo_codes/clients"
      description="Clients will list the promo codes handed out and who redeemed them."
    />
  );
}
