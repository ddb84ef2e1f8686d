import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigValidationError, parseAppConfig } from './config/app-config';
import { createLogger } from './common/logger';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FirstAdministrator } from './backoffice/first-administrator';
import { CatalogueService } from './catalogue/catalogue.service';
import { publicBaseUrl } from './reservations';

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
  await announceFirstAdministrator(app.get(FirstAdministrator), publicBaseUrl({ ...config, PORT: port }));
  // The start script waits for this line.
  process.stdout.write(`HOTLINE_READY http://localhost:${port}\n`);
}

/**
 * On a database without staff, the first administrator's one-time setup link: written to a file only its owner can
 * read (a log collector never sees it) and shown on the terminal when there is one (`SEED=none npm start`).
 */
async function announceFirstAdministrator(first: FirstAdministrator, origin: string): Promise<void> {
  const token = await first.ensure();
  if (!token) return;
  const link = `${origin}/backoffice/setup#${token}`;
  const file = path.resolve('first-administrator-setup-link.txt');
  writeFileSync(file, `${link}\n`, { mode: 0o600 });
  const onTerminal = process.stdout.isTTY || process.env.HOTLINE_TERMINAL === '1';
  const where = onTerminal ? `\n  ${link}\n` : ` (in ${file})`;
  process.stdout.write(
    `No staff account yet: open this link once, within 24 hours, to set the first administrator's password and authenticator${where}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`Server failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
