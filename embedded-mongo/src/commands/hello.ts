// The handshake and the admin/diagnostic replies the driver and mongoose send: hello/isMaster, ping,
// buildInfo, serverStatus, ..., and the session commands (accepted and ignored: there are no transactions).
import { Long, UUID } from 'bson';
import type { Doc } from '../storage';
import type { ConnInfo, Engine } from './index';

// The limits hello announces (and the server enforces).
export const MAX_BSON_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_WRITE_BATCH = 100_000;

/** hello, isMaster, ismaster: a standalone MongoDB 7.0. */
export function hello(_engine: Engine, cmd: Doc): Doc {
  const reply: Doc = {
    helloOk: true,
    ismaster: true,
    isWritablePrimary: true,
    maxBsonObjectSize: MAX_BSON_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: MAX_WRITE_BATCH,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: 1,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
  if (!('hello' in cmd)) delete reply.isWritablePrimary;
  return reply;
}

export function buildInfo(): Doc {
  return {
    version: '7.0.0',
    gitVersion: 'embedded-mongo',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_SIZE,
    javascriptEngine: 'none',
    storageEngines: ['embedded-log'],
    modules: [],
    ok: 1,
  };
}

export function serverStatus(engine: Engine): Doc {
  return {
    host: `127.0.0.1:${engine.port()}`,
    version: '7.0.0',
    process: 'embedded-mongo',
    pid: Long.fromNumber(process.pid),
    uptime: (Date.now() - engine.startedAt) / 1000,
    localTime: new Date(),
    connections: { current: engine.connections, available: 1000 },
    ok: 1,
  };
}

/** ping, and every command that is accepted with nothing to do (endSessions, killSessions, refreshSessions, logout). */
export function ok(): Doc {
  return { ok: 1 };
}

export function hostInfo(): Doc {
  return { system: { hostname: '127.0.0.1', currentTime: new Date() }, os: {}, extra: {}, ok: 1 };
}

export function getParameter(): Doc {
  return { featureCompatibilityVersion: { version: '7.0' }, ok: 1 };
}

export function getCmdLineOpts(): Doc {
  return { argv: ['embedded-mongo'], parsed: {}, ok: 1 };
}

export function connectionStatus(): Doc {
  return { authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 };
}

export function whatsmyuri(_engine: Engine, _cmd: Doc, _db: string, conn: ConnInfo): Doc {
  return { you: conn.remote, ok: 1 };
}

export function getLog(): Doc {
  return { names: [], ok: 1 };
}

export function startSession(): Doc {
  return { id: { id: new UUID() }, timeoutMinutes: 30, ok: 1 };
}
