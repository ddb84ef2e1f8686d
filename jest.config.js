// One jest run over every package. `unit` projects are pure and fast; the
// `server` project also holds medium tests (*.medium.test.ts) that talk to the
// real PostgreSQL and Redis provisioned by scripts/jest-global-setup.mjs.
const transformer = '<rootDir>/../scripts/jest-transform.cjs';
// jest's runtime, with two per-registry costs cut: module sources read once per worker, and no `jest` object built
// for node_modules code that never uses it (scripts/jest-runtime.cjs).
const runtime = '<rootDir>/../scripts/jest-runtime.cjs';
const moduleNameMapper = {
  '^@hotline/shared$': '<rootDir>/../shared/src/index.ts',
  '^@hotline/seatmaps$': '<rootDir>/../seatmaps/src/index.ts',
  '^@hotline/seatmaps/designer$': '<rootDir>/../seatmaps/src/designer/index.ts',
};
const project = (name, extra = {}) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts'],
  // NestJS 12 and parts of its tree publish ES modules only; see scripts/jest-transform.cjs.
  transform: { '^.+\\.(t|j)sx?$': transformer, '^.+\\.[mc]js$': transformer },
  transformIgnorePatterns: [],
  moduleNameMapper,
  testEnvironment: 'node',
  runtime,
  ...extra,
});
module.exports = {
  rootDir: __dirname,
  globalSetup: '<rootDir>/scripts/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.cjs',
  // jest's order, with a directory's grouped medium suites weighed by their suites' size (a fresh clone has no times).
  testSequencer: '<rootDir>/scripts/jest-sequencer.cjs',
  // Medium tests build a template database once per run (~10-20 s) and start real servers.
  testTimeout: 90000,
  projects: [
    project('shared'),
    project('seatmaps'),
    project('server'),
    project('client'),
    { ...project('load-tests'), testMatch: ['<rootDir>/test/**/*.test.ts'] },
  ],
};
