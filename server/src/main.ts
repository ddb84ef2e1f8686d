import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigValidationError, parseAppConfig } from './config/app-config';
import { createLogger } from './common/logger';
import { CatalogueService } from './catalogue/catalogue.service';

async function main(): Promise<void> {
  let config;
  try {
    config = parseAppConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigValidationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const app = await createApp(config, { logger });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ port }, 'listening');
  void app
    .get(CatalogueService)
    .warmSeatplans()
    .then((n) => logger.info({ seatplans: n }, 'seat plans cached'));
  // The start script waits for this line.
  process.stdout.write(`HOTLINE_READY http://localhost:${port}\n`);
}

main().catch((error) => {
  process.stderr.write(`Server failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
