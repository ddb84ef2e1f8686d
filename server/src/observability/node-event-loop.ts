import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { EventLoopDelay } from './event-loop-delay';

/**
 * The application's one event-loop monitor (event-loop-delay.ts), read by the health beat and, with metrics on, by
 * each scrape; stopped when the application stops.
 */
@Injectable()
export class NodeEventLoop implements OnApplicationShutdown {
  readonly delay = new EventLoopDelay();

  onApplicationShutdown(): void {
    this.delay.stop();
  }
}
