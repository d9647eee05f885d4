import Router from '@koa/router';
import { buildOpenApiDocument } from './document';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of `routers()` (the app's routers, this one included),
 * built on first request and kept (routes do not change while the app runs).
 */
export function openApiRouter(routers: () => Router[]): Router {
  const router = new Router();
  let doc: string | undefined;
  router.get('/api/openapi.json', (ctx) => {
    doc ??= JSON.stringify(buildOpenApiDocument(routers()));
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json';
    ctx.body = doc;
  });
  return router;
}
