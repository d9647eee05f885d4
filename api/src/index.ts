/**
 * The API process: refuse short secrets, connect to MONGODB_URI (or start the embedded database with data
 * in DATA_DIR/mongo), seed an empty database with demo data only when SEED_DEMO is set, listen, and shut
 * down cleanly on SIGINT/SIGTERM.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { ConfigError, loadConfig, secretProblems } from './config';
import { connectDb, DatabaseUnreachableError, disconnectDb } from './db/connect';
import { startEmbedded } from './db/embedded';
import { consoleLogger as log } from './log';
import { seedOnStart } from './seed';
import { rolloutRuntime } from './rollout/service';
import { startPlanWorker } from './rollout/worker';
import { startNotificationWorker } from './notifications/worker';

async function main() {
  const config = loadConfig();
  // A short operator token or session secret can be guessed: refuse to start with one (exit 2).
  const secrets = secretProblems();
  if (secrets.length) {
    for (const line of secrets) log.error(`The API will not start: ${line}`);
    process.exit(2);
  }
  let embedded: Awaited<ReturnType<typeof startEmbedded>> | null = null;
  let uri = config.mongodbUri;
  if (!uri) {
    const dir = path.join(config.dataDir, 'mongo');
    embedded = await startEmbedded({ dir, logger: log });
    uri = embedded.uri;
    log.info(`Embedded database started (data in ${dir}).`);
  }
  // A database that is still starting (a container, a replica set being initiated) is waited for.
  await connectDb(uri, { timeoutMs: embedded ? undefined : config.mongoConnectTimeoutMs, onWait: (m) => log.warn(m), onInfo: (m) => log.info(m) });
  // Demo accounts have a published password: seeded only when asked (SEED_DEMO=1; `npm start` asks).
  await seedOnStart(config, log);

  const app = createApp({ config, logger: log });
  // The operator token of `npm run rollout`: OPERATOR_TOKEN, else written now to DATA_DIR/operator-token.
  rolloutRuntime(app.context.deps).operatorToken();
  // Scheduled rollout plans (issue 34): every instance runs the worker; each decision is claimed by one.
  const planWorker = startPlanWorker(app.context.deps);
  // Notifications (issue 30): every instance runs the outbox worker; each row is claimed by one.
  const notificationWorker = startNotificationWorker(app.context.deps);
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  log.info(`API listening on http://${shownHost}:${port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down the API...`);
    const force = setTimeout(() => {
      log.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, 10_000);
    force.unref();
    planWorker.stop();
    notificationWorker.stop();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await disconnectDb().catch((err) => log.error('Error closing the database connection', err));
    await embedded?.stop().catch((err: unknown) => log.error('Error stopping the embedded database', err));
    log.info('API stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  // An unreachable database is an operator's problem with a clear cause: one line, no stack trace.
  if (err instanceof DatabaseUnreachableError || err instanceof ConfigError) log.error(`The API could not start: ${err.message}`);
  else log.error('The API failed to start', err);
  process.exit(1);
});
