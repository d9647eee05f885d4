/** `npm run rollout -- <command>`: see ./command.ts (runs with tsx, no build needed). */
import { runCli } from './command';

runCli(process.argv.slice(2), { env: process.env, out: (l) => console.log(l), err: (l) => console.error(l) }).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
