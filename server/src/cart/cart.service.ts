import { Injectable } from '@nestjs/common';
import type { RestoreCartResponse, SaveCartResponse } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { isVisitorId } from '../common/visitor-identity';
import { BookingError } from './booking.errors';
import { newCartIdentifier, newResId } from './cart-ids';
import { CartRepository } from './cart.repository';
import { storableCart, type ParsedCart } from './cart.schema';

/**
 * Saved carts (POST /api/cart, GET /api/reservations/:resId): a visitor's cart
 * kept server-side so it survives a reload or another device with the same uuid.
 * Only its owner sees it; anyone else gets the same 404 as for a cart that does
 * not exist, so cart references cannot be probed.
 */
@Injectable()
export class CartService {
  constructor(private readonly carts: CartRepository) {}

  async save(visitorId: string, cart: ParsedCart, bodyUuid: string | undefined): Promise<SaveCartResponse> {
    if (bodyUuid !== undefined && (!isVisitorId(bodyUuid) || bodyUuid.toLowerCase() !== visitorId)) {
      throw new AppError('INVALID_BODY', { details: 'uuid: does not match the uuid header' });
    }
    const cartIdentifier = cart.cartIdentifier?.toLowerCase() ?? newCartIdentifier();
    const saved = await this.carts.upsert(cartIdentifier, newResId(), visitorId, storableCart(cart, cartIdentifier));
    if (saved) return saved;
    const existing = await this.carts.byIdentifier(cartIdentifier);
    if (!existing || existing.visitorId !== visitorId) throw new BookingError('CART_NOT_FOUND');
    throw new BookingError('CART_ALREADY_PAID');
  }

  /** The visitor is the uuid header (or cookie) only: a `?uuid=` in a link is a credential in a URL and is ignored. */
  async restore(visitorId: string, resId: string): Promise<RestoreCartResponse> {
    const row = await this.carts.byResId(resId);
    if (!row || row.visitorId !== visitorId) throw new BookingError('CART_NOT_FOUND');
    return {
      cart: row.cart,
      cartIdentifier: row.cartIdentifier,
      resId: row.resId,
      status: row.status,
      reservationIdentifier: row.reservationIdentifier,
    };
  }
}
