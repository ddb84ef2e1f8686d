import { Module } from '@nestjs/common';
import { ReservationsModule } from '../reservations/reservations.module';
import { DevMessagesController } from './dev-messages.controller';
import { DevelopmentNotificationSender } from './development-notification-sender';
import { NotificationSender } from './notification-sender.port';
import { OutboxDispatcher } from './outbox-dispatcher';
import { OutboxRepository } from './outbox.repository';

/** Order confirmations by e-mail and SMS through the transactional outbox. */
@Module({
  imports: [ReservationsModule],
  controllers: [DevMessagesController],
  providers: [
    OutboxRepository,
    OutboxDispatcher,
    // The only sender so far; a real e-mail/SMS gateway adapter replaces this binding.
    { provide: NotificationSender, useClass: DevelopmentNotificationSender },
  ],
  exports: [OutboxDispatcher, NotificationSender],
})
export class NotificationsModule {}
