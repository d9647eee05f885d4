/** The only variables a test passes on from its own environment to the processes it starts. */
export declare const PASSED_ENV: readonly string[];
/** The allow-listed part of `from` (default: process.env) plus the test's own `settings`. */
export declare function childEnv(settings?: NodeJS.ProcessEnv, from?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
