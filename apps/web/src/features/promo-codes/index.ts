export { PromoCodesScreen } from './components/promo-codes-screen';
