import { Module } from '@nestjs/common';
import '../cart/booking.errors';
import { DocumentsRepository } from './documents.repository';
import { EDocumentController } from './edocument.controller';
import { EDocumentService } from './edocument.service';
import { SalesRepository } from './sales.repository';

/** Reservations: the durable sale (one transaction) and the electronic ticket. */
@Module({
  controllers: [EDocumentController],
  providers: [SalesRepository, DocumentsRepository, EDocumentService],
  exports: [SalesRepository, DocumentsRepository, EDocumentService],
})
export class ReservationsModule {}
