// aggregate: a cursor over the pipeline's output (run by pipeline.ts), a change stream when the first
// stage is $changeStream (../changeStream.ts), or the plan with `explain: true`.
import { isChangeStreamPipeline } from '../changeStream';
import type { Doc } from '../storage';
import { explain } from './explain';
import type { Engine } from './index';
import { aggregateRun } from './pipeline';

export function aggregate(engine: Engine, cmd: Doc, db: string): Doc {
  if (isChangeStreamPipeline(cmd.pipeline)) return engine.changeStreams.open(cmd, db);
  if (cmd.explain === true) return explain(engine, { explain: { ...cmd, explain: undefined }, verbosity: 'queryPlanner' }, db);
  const r = aggregateRun(engine, cmd, db);
  const c = cmd.cursor as Doc | undefined;
  return engine.cursors.reply(r.ns, r.out, c?.batchSize, false);
}
