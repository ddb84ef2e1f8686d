import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { REDACT_PATHS, REDACTED, redactError } from './log-redaction';
import { currentRequestIds } from './request-id';

/**
 * Structured JSON logs (pino), one line per event; a line written while a request is served carries its `requestId`
 * (and `traceId` with traces on: common/request-id.ts). `destination`: where the lines go (standard output by default; tests read them).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'hotline-server', pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: redactError, error: redactError },
    mixin: currentRequestIds,
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Lets Nest's own messages go through pino too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');
