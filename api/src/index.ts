/**
 * The API process: connect to MONGODB_URI (or start the embedded database with data in DATA_DIR/mongo),
 * seed an empty database, listen, and shut down cleanly on SIGINT/SIGTERM.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { loadConfig } from './config';
import { connectDb, DatabaseUnreachableError, disconnectDb } from './db/connect';
import { startEmbedded } from './db/embedded';
import { consoleLogger as log } from './log';
import { runSeed, DEMO_PASSWORD } from './seed';
import { User } from './users/model';
import { rolloutRuntime } from './rollout/service';

async function main() {
  const config = loadConfig();
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
  const seed = await runSeed({ logger: log });
  if (!seed.seeded) {
    log.info(`Seed skipped: ${seed.reason}.`);
    if (await User.exists({ usernameLower: 'demo' })) log.info(`Demo account: username 'demo', password '${DEMO_PASSWORD}' (as seeded).`);
  }

  const app = createApp({ config, logger: log });
  // The operator token of `npm run rollout`: OPERATOR_TOKEN, else written now to DATA_DIR/operator-token.
  rolloutRuntime(app.context.deps).operatorToken();
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
  if (err instanceof DatabaseUnreachableError) log.error(`The API could not start: ${err.message}`);
  else log.error('The API failed to start', err);
  process.exit(1);
});
