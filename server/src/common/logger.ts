import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { REDACT_PATHS, REDACTED, redactError } from './log-redaction';

/** Structured JSON logs (pino), one line per event. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'hotline-server', pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: redactError, error: redactError },
  });
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
