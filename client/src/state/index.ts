export { useLocaleStore, type LocaleState } from './locale-store';
export {
  useCartStore,
  emptyCart,
  selectSeatCount,
  type CartState,
  type CartSeat,
  type CartProduct,
  type VoucherPayment,
} from './cart-store';
