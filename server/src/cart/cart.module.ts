import { Module } from '@nestjs/common';
import { SeatsModule } from '../seats/seats.module';
import './booking.errors';
import { CartController } from './cart.controller';
import { CartRepository } from './cart.repository';
import { CartService } from './cart.service';
import { SeatLockReader } from './seat-lock-reader';

/** Saved carts, and the read-only view of the visitor's seat locks the booking flow needs. */
@Module({
  imports: [SeatsModule],
  controllers: [CartController],
  providers: [CartRepository, CartService, SeatLockReader],
  exports: [CartRepository, SeatLockReader],
})
export class CartModule {}
