import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';

/**
 * How much of a request body is still read (and thrown away) after the answer has gone out, before the
 * connection is dropped instead: more than any body this API accepts (a 5 MB photo plus its multipart framing).
 */
export const UNREAD_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Read and throw away whatever the request body still holds, up to `maxBytes`; past that, drop the connection.
 *
 * Why (issue 26): many answers go out before the body has been read: a 401/404/400 from a guard, a 413 from the
 * body parser at its limit (raw-body then pauses the request and leaves the rest unread), an upload refused while
 * it streams. If the rest stays unread, the server stops reading that connection while the client, which reuses
 * keep-alive connections, has already sent its next request behind the body; after the keep-alive timeout Node
 * closes a socket with unread bytes, the kernel answers with a reset, and that next request is lost (ECONNRESET,
 * and a POST is not retried). Reading the rest lets the next request on the connection be parsed and answered.
 * Closing the connection straight away instead would reset it under a client that is still sending, which can
 * discard the answer itself before the client reads it.
 */
export function discardUnreadBody(req: IncomingMessage, maxBytes = UNREAD_BODY_LIMIT): void {
  if (req.readableEnded || req.destroyed) return;
  req.unpipe();
  req.removeAllListeners('data');
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) req.socket.destroy();
  });
  req.resume();
}

/**
 * Once each answer has been sent, the rest of its request body is read and discarded (discardUnreadBody): one
 * place for every early answer, whichever middleware or route gave it.
 */
export function drainUnreadBody(maxBytes = UNREAD_BODY_LIMIT): Middleware {
  return (ctx, next) => {
    ctx.res.once('finish', () => discardUnreadBody(ctx.req, maxBytes));
    return next();
  };
}
