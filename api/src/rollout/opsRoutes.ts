/**
 * The /ops page's API (issue 34 item 5): operator ACCOUNTS, not the bearer token in a browser. Every call
 * needs a signed-in user (401) whose stored role is `operator` (403; read from the database on every call,
 * so a revoke takes effect at once); the audit log records the operator's email as the actor. These are
 * cookie-authenticated routes, protected against cross-site requests as every other one (http/cors.ts:
 * same-origin only, a foreign Origin is refused before the route; bodies are JSON only, which an HTML form
 * cannot send). Rate limited per user. Granting the role is an operator-token call
 * (`npm run rollout -- operator grant <email>`).
 */
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { OperatorGrantBody, OpsActionParams, RolloutLogQuery, RolloutReasonBody, type OpsAction, type OpsRolloutsResponse } from '@fitconnect/contracts/src/server';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, queryOf, validateBody, validateParams, validateQuery } from '../http/validate';
import { documented } from '../openapi/meta';
import { User } from '../users/model';
import { listAudit, presentAudit } from './audit';
import type { RolloutFields } from './model';
import { REMOTES } from './options';
import { requireOperator } from './policy';
import { presentConfig, presentStatus } from './presenter';
import { kill, pausePlan, promote, release, resumePlan, rollback, rolloutRuntime, statusData, type ChangeBy } from './service';
import { signalSeries } from './signals';

/** Guard: a signed-in user (401) with the operator role (403); ctx.state.operator is their email. */
export function requireOpsAccount(): Middleware {
  const mw: Middleware = async (ctx, next) => {
    const user = ctx.state.user;
    if (!user) throw unauthorized('Sign in as an operator to use /ops');
    const row = await User.findOne({ id: user.id }, { role: 1, email: 1 }).lean<{ role?: string; email: string }>();
    if (row?.role !== 'operator') throw forbidden('Only operators may use /ops (npm run rollout -- operator grant <email>)');
    ctx.state.operator = row.email;
    await next();
  };
  return documented(mw, { kind: 'auth' });
}

const opsPageLimit = () =>
  rateLimit({
    name: 'ops-page',
    limit: 60,
    windowMs: 60_000,
    key: (ctx: Context) => (ctx.state.user ? `user:${ctx.state.user.id}` : `ip:${ctx.ip}`),
    message: 'Too many operator calls. Please wait a minute.',
  });

const ACTIONS: Record<OpsAction, (deps: Context['deps'], area: string, by: ChangeBy) => Promise<RolloutFields>> = {
  pause: pausePlan,
  resume: resumePlan,
  promote,
  rollback,
  kill,
  release,
};

export function mountOpsRoutes(router: Router): void {
  router.get('/api/ops/rollouts', opsPageLimit(), requireOpsAccount(), async (ctx) => {
    const rt = rolloutRuntime(ctx.deps);
    const data = await statusData();
    const series: OpsRolloutsResponse['series'] = {};
    await Promise.all([...data.configs.values()].map(async (doc) => (series[doc.area] = await signalSeries(doc))));
    const body: OpsRolloutsResponse = { operator: ctx.state.operator!, status: presentStatus(data, rt.defaults(), rt.options), series };
    ctx.body = body;
  });

  router.get('/api/ops/rollouts/log', opsPageLimit(), requireOpsAccount(), validateQuery(RolloutLogQuery), async (ctx) => {
    const { area, limit } = queryOf(ctx, RolloutLogQuery);
    ctx.body = { entries: (await listAudit(area, limit ?? 50)).map(presentAudit) };
  });

  router.post('/api/ops/rollouts/:area/:action', opsPageLimit(), requireOpsAccount(), validateParams(OpsActionParams), validateBody(RolloutReasonBody), async (ctx) => {
    const { area, action } = paramsOf(ctx, OpsActionParams);
    const { reason } = bodyOf(ctx, RolloutReasonBody);
    const doc = await ACTIONS[action](ctx.deps, area, { actor: ctx.state.operator!, reason });
    ctx.body = presentConfig(doc, REMOTES.find((r) => r.area === area)!.name);
  });

  // Who may use /ops: granted and revoked with the operator token (npm run rollout -- operator grant <email>).
  router.post(
    '/api/ops/rollout/operators',
    rateLimit({ name: 'ops', limit: 60, windowMs: 60_000, message: 'Too many operator calls. Please wait a minute.' }),
    requireOperator(),
    validateBody(OperatorGrantBody),
    async (ctx) => {
      const { email, grant } = bodyOf(ctx, OperatorGrantBody);
      const user = await User.findOneAndUpdate({ email }, grant ? { $set: { role: 'operator' } } : { $unset: { role: 1 } }, { returnDocument: 'after' }).lean();
      if (!user) throw notFound(`No account with the email ${email}`);
      ctx.deps.logger.info(`Rollout: ${ctx.state.operator} ${grant ? 'granted' : 'revoked'} the operator role ${grant ? 'to' : 'of'} ${email}`);
      ctx.body = { email, operator: grant };
    },
  );
}
