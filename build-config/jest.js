// One jest setup for every workspace: SWC transforms TypeScript/TSX (fast, no type checking;
// `npm run typecheck` does that), node or jsdom environment per project.
const path = require('node:path');

/** @param {{ name: string, dir: string, env?: 'node' | 'jsdom', setupFilesAfterEnv?: string[], testTimeout?: number }} opts */
function jestProject({ name, dir, env = 'node', setupFilesAfterEnv = [], testTimeout }) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: env,
    testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx', '<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '\\.(css|svg|png|jpg|jpeg|webp)$': path.join(__dirname, 'file-stub.js'),
    },
    ...(env === 'jsdom' ? { globalSetup: path.join(__dirname, 'jest-utc.js') } : {}),
    setupFilesAfterEnv: [...(env === 'jsdom' ? [path.join(__dirname, 'jest-dom-setup.js')] : []), ...setupFilesAfterEnv],
    ...(testTimeout ? { testTimeout } : {}),
  };
}

module.exports = { jestProject };
