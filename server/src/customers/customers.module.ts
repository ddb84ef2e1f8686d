import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { BotCheckModule } from '../botcheck/botcheck.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { AttemptLimiter } from './attempt-limiter';
import { CheckoutOrderLinkInterceptor } from './checkout-order-link.interceptor';
import { CustomerAreaController } from './customer-area.controller';
import { CustomerAreaService } from './customer-area.service';
import { CustomerController } from './customer.controller';
import { CustomerLoginService } from './customer-login.service';
import { CustomerSessions } from './customer-sessions.service';
import './customers.errors';
import { CustomersRepository } from './customers.repository';
import { LoginStoreRepository } from './login-store.repository';
import { OtpSms } from './otp-sms';
import { PasswordLoginService } from './password-login.service';
import { PasswordVerifier } from './password-verifier';

/**
 * Customers (docs/customers.md): SMS-code login, sessions, login links, the
 * customer area's data and details edit. Cancellations live in their own module
 * and use CustomerSessions for ownership.
 */
@Module({
  imports: [BotCheckModule, NotificationsModule, ReservationsModule],
  controllers: [CustomerAreaController, CustomerController],
  providers: [
    CustomersRepository,
    LoginStoreRepository,
    AttemptLimiter,
    OtpSms,
    CustomerLoginService,
    CustomerSessions,
    CustomerAreaService,
    PasswordLoginService,
    PasswordVerifier,
    { provide: APP_INTERCEPTOR, useClass: CheckoutOrderLinkInterceptor },
  ],
  exports: [CustomerSessions, CustomersRepository],
})
/** Production refuses the development CUSTOMER_SECRET: config/app-config.ts, with the other secrets. */
export class CustomersModule {}
