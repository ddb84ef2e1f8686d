import { Module } from '@nestjs/common';
import './booking.errors';
import { CartController } from './cart.controller';
import { CartRepository } from './cart.repository';
import { CartService } from './cart.service';
import { SeatLockReader } from './seat-lock-reader';

/** Saved carts, and the read-only view of the visitor's seat locks the booking flow needs. */
@Module({
  controllers: [CartController],
  providers: [CartRepository, CartService, SeatLockReader],
  exports: [CartRepository, SeatLockReader],
})
export class CartModule {}
