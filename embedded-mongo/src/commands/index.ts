// The command engine: the subset of MongoDB's command set that mongoose and the driver use, as a table of
// command names to handlers, and `run`, which dispatches one command.
// Laid out like FerretDB's handler (internal/handler/commands.go, then one msg_<command>.go per command):
// each handler is a function (engine, cmd, db, conn) => reply in the file of its command or family here;
// query.ts and cursors.ts hold what several of them share.
import { ChangeStreams } from '../changeStream';
import { err, errorReply } from '../errors';
import type { Doc, Store } from '../storage';
import { aggregate } from './aggregate';
import { collMod, collStats, create, drop, listCollections, renameCollection } from './collections';
import { count } from './count';
import { Cursors } from './cursors';
import { dbStats, dropDatabase, listDatabases } from './databases';
import { deleteCmd } from './delete';
import { distinct } from './distinct';
import { explain } from './explain';
import { find, getMore, killCursors } from './find';
import { findAndModify } from './findAndModify';
import { buildInfo, connectionStatus, getCmdLineOpts, getLog, getParameter, hello, hostInfo, ok, serverStatus, startSession, whatsmyuri } from './hello';
import { createIndexes, dropIndexes, listIndexes } from './indexes';
import { insert } from './insert';
import { sweepTtl } from './ttl';
import { update } from './update';

export interface ConnInfo {
  id: number;
  remote: string;
}

/** One command: `cmd` is the command document (its first key is the command name), `db` its $db. */
export type Handler = (engine: Engine, cmd: Doc, db: string, conn: ConnInfo) => Doc | Promise<Doc>;

/** Every command this server answers; any other name is CommandNotFound (59). */
const COMMANDS: Record<string, Handler> = {
  // handshake and admin (hello.ts)
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  hostInfo,
  getParameter,
  getCmdLineOpts,
  connectionStatus,
  whatsmyuri,
  getLog,
  serverStatus,
  endSessions: ok,
  killSessions: ok,
  refreshSessions: ok,
  startSession,
  // refused: no authentication, no transactions (below)
  saslStart: noAuth,
  saslContinue: noAuth,
  authenticate: noAuth,
  getnonce: noAuth,
  logout: ok,
  commitTransaction: noTxn,
  abortTransaction: noTxn,
  // reads and cursors
  find,
  getMore,
  killCursors,
  // writes
  insert,
  update,
  delete: deleteCmd,
  findAndModify,
  findandmodify: findAndModify,
  // more reads
  count,
  distinct,
  aggregate,
  // indexes, collections, databases
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  listCollections,
  listDatabases,
  create,
  drop,
  dropDatabase,
  dbStats,
  collStats,
  renameCollection,
  collMod,
  explain,
};

/** The state every handler shares: the store, open cursors and change streams, and server facts for the admin replies. */
export class Engine {
  readonly startedAt = Date.now();
  connections = 0;
  readonly cursors = new Cursors();
  readonly changeStreams: ChangeStreams;

  constructor(
    readonly store: Store,
    /** The port the server listens on (known only once it listens). */
    readonly port: () => number,
  ) {
    this.changeStreams = new ChangeStreams(store);
  }

  /** Runs one command. Never throws: failures become { ok: 0 } replies. Writes are durable before it resolves. */
  async run(cmd: Doc, conn: ConnInfo): Promise<Doc> {
    try {
      const name = Object.keys(cmd)[0];
      if (name === undefined) throw err('FailedToParse', 'no command name in request');
      const db = cmd.$db;
      if (typeof db !== 'string' || db === '') throw err('InvalidNamespace', 'command is missing the $db field');
      if ('txnNumber' in cmd || 'startTransaction' in cmd || 'autocommit' in cmd) noTxn();
      const handler = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
      if (!handler) throw err('CommandNotFound', `no such command: '${name}'`);
      const reply = await handler(this, cmd, db, conn);
      await this.store.commit();
      return reply;
    } catch (e) {
      // Partial writes that happened before the failure must still be durable before we answer.
      await this.store.commit().catch(() => undefined);
      return errorReply(e);
    }
  }

  /** Drops cursors idle for more than 10 minutes (called by the background timer). */
  sweepCursors(now = Date.now()): void {
    this.cursors.sweep(now);
    this.changeStreams.sweep(now);
  }

  /** Deletes documents whose TTL index date has passed (called by the background timer). Returns how many were removed. */
  sweepTtl(now = Date.now()): number {
    return sweepTtl(this.store, now);
  }
}

function noAuth(): never {
  throw err('AuthenticationFailed', 'Authentication is not supported by embedded-mongo (single-user development server)');
}

function noTxn(): never {
  throw err('IllegalOperation', 'Transaction numbers are only allowed on a replica set member or mongos');
}
