// Types of scripts/static-env.cjs for the TypeScript that imports it (e2e/src/harness.ts).
export declare const STATIC_NODE_FLAGS: string[];
