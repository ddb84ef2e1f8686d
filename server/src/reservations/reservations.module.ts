import { Module } from '@nestjs/common';
// Registers the booking error codes this module's routes answer with (cart's entry loads its error catalogue).
import '../cart';
import { ConfirmationController } from './confirmation.controller';
import { DocumentsRepository } from './documents.repository';
import { EDocumentController } from './edocument.controller';
import { EDocumentService } from './edocument.service';
import { LimitClaims } from './limit-claims';
import { MoneyAttemptsRepository } from './money-attempts.repository';
import { SaleParticipants } from './sale-participant';
import { ReservationRowsRepository } from './reservation-rows.repository';
import { SalesRepository } from './sales.repository';

/** Reservations: the durable sale (one transaction) and the electronic ticket. */
@Module({
  controllers: [EDocumentController, ConfirmationController],
  providers: [
    SaleParticipants,
    LimitClaims,
    SalesRepository,
    MoneyAttemptsRepository,
    ReservationRowsRepository,
    DocumentsRepository,
    EDocumentService,
  ],
  exports: [
    SaleParticipants,
    LimitClaims,
    SalesRepository,
    MoneyAttemptsRepository,
    ReservationRowsRepository,
    DocumentsRepository,
    EDocumentService,
  ],
})
export class ReservationsModule {}
