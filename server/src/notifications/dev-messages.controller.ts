import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AppError } from '../common/app-error';
import { ZodQuery } from '../common/validation';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NotificationSender } from './notification-sender.port';
import { OutboxRepository } from './outbox.repository';

const query = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(20),
  reservationIdentifier: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,32}$/)
    .optional(),
});

/**
 * Development only: what the development sender "sent" (the sent_message
 * table), newest first. Absent (404) unless DEV_MESSAGES_ENABLED is set (npm start
 * sets it for local development; production refuses to boot with it) and with a
 * real sender: messages carry names, e-mails, phones and e-ticket links.
 */
@ApiTags('notifications')
@Controller('notifications/dev')
export class DevMessagesController {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly sender: NotificationSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sent-messages')
  @ApiOperation({ summary: 'DEVELOPMENT ONLY: messages the development sender stored instead of sending' })
  async sent(@ZodQuery(query) q: z.infer<typeof query>) {
    const enabled = this.config.DEV_MESSAGES_ENABLED && this.config.NODE_ENV !== 'production';
    if (!enabled || this.sender.name !== 'development') throw new AppError('NOT_FOUND');
    return { messages: await this.outbox.recentSent(q.limit, q.reservationIdentifier) };
  }
}
