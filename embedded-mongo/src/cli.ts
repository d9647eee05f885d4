// embedded-mongo [--dir <path>] [--port <n>] [--host <addr>] [--memory]
// Starts the server and prints its URI; stops cleanly on SIGINT/SIGTERM.
import * as path from 'node:path';
import { startEmbeddedMongo } from './index';

function parseArgs(argv: string[]): { dir?: string; port: number; host: string; memory: boolean } {
  const out = { dir: undefined as string | undefined, port: 27017, host: '127.0.0.1', memory: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--dir') out.dir = next();
    else if (a.startsWith('--dir=')) out.dir = a.slice(6);
    else if (a === '--port') out.port = Number(next());
    else if (a.startsWith('--port=')) out.port = Number(a.slice(7));
    else if (a === '--host') out.host = next();
    else if (a.startsWith('--host=')) out.host = a.slice(7);
    else if (a === '--memory') out.memory = true;
    else if (a === '--help' || a === '-h') {
      console.log('usage: embedded-mongo [--dir <path>] [--port <n> (default 27017, 0 = ephemeral)] [--host <addr>] [--memory]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) throw new Error('--port must be 0..65535');
  return out;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // Default data directory: the git-ignored .data/ folder at the project root.
  const dir = args.memory ? undefined : path.resolve(args.dir ?? path.join(__dirname, '..', '..', '.data', 'embedded-mongo'));
  const db = await startEmbeddedMongo({
    dir,
    port: args.port,
    host: args.host,
    logger: { warn: (m) => console.error(m), info: () => undefined },
  });
  console.log(`embedded-mongo listening on ${db.uri} (${dir ? `data in ${dir}` : 'in-memory'})`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    db.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(`embedded-mongo: ${(e as Error).message}`);
  process.exit(1);
});
