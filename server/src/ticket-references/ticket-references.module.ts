import { ReservationsModule } from '../reservations/reservations.module';
import { ReferenceSaleParticipant } from './reference-sale.participant';
import { Module } from '@nestjs/common';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import { ReferenceCheckController } from './reference-check.controller';
import { ReferenceEligibility } from './reference-eligibility.service';
import { TicketReferencesController } from './ticket-references.controller';
import { TicketReferencesRepository } from './ticket-references.repository';
import { TicketReferencesService } from './ticket-references.service';

/** Ticket-reference administration (back office, permission 269) and the storefront's reference check. */
@Module({
  imports: [BackOfficeModule, ReservationsModule],
  controllers: [TicketReferencesController, ReferenceCheckController],
  providers: [TicketReferencesRepository, TicketReferencesService, ReferenceEligibility, ReferenceSaleParticipant],
})
export class TicketReferencesModule {}
