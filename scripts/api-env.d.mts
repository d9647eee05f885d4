// Types of scripts/api-env.mjs for the TypeScript that imports it (e2e/src/apibench.ts).
export declare const API_NODE_FLAGS: string[];
export declare const API_HOST: string;
export declare function apiProcessEnv(env?: Record<string, string | undefined>): { HOST: string; SEED_DEMO: string; TRUST_PROXY: string };
