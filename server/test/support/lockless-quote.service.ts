import { QuoteService } from '../../src/orders/quote.service';

/**
 * TEST ONLY, for control and race runs: a quote that does not check the buyer holds the
 * seats' locks, so concurrent buyers of the same seats reach PostgreSQL and its unique
 * index decides. Swapped in with a @nestjs/testing provider override; src carries no switch.
 */
export class LocklessQuoteService extends QuoteService {
  protected override async assertLocked(): Promise<void> {}
}
