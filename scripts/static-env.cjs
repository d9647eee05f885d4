// The node flags of the static server process (scripts/serve-static.mjs: the shell with its server-side rendering
// and /api proxy, and every remote), as `npm start` runs it (scripts/start.mjs) and as the browser tests and
// `npm run bench` start it (e2e/src/harness.ts's serveDir), so the bench's server rows (time to first byte, paint)
// measure the process a deployment runs. CommonJS, because the harness also runs under jest.
//
//  - A young generation of 2 MB per semi-space: V8's default let it grow to 32 MB under load and keep it
//    (issue 35.5).
//  - A full GC once the old generation has grown 50% past what the last one kept (V8 let it grow from ~45 to
//    150-225 MB under the bench's load, full GCs 10-17 s apart): with 2 MB semi-spaces much of each request's
//    garbage is promoted, and the Buffers among it go back to the C library only at a full GC, so 20-40 MB of them
//    piled up in its heap between two and stayed resident after the load. Costs ~3x as many full GCs under load
//    (61 instead of 18-19 for the bench's 100,000 requests; their pauses 0.5 s in all instead of 0.2-0.5 s).
exports.STATIC_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=50'];
