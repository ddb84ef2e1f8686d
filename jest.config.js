// One jest run over every package. `unit` projects are pure and fast; the
// `server` project also holds medium tests (*.medium.test.ts) that talk to the
// real PostgreSQL and Redis provisioned by scripts/jest-global-setup.mjs.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@hotline/shared$': '<rootDir>/../shared/src/index.ts',
  '^@hotline/seatmaps$': '<rootDir>/../seatmaps/src/index.ts',
};
const project = (name, extra = {}) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper,
  testEnvironment: 'node',
  ...extra,
});
module.exports = {
  rootDir: __dirname,
  globalSetup: '<rootDir>/scripts/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.cjs',
  projects: [
    project('shared'),
    project('seatmaps'),
    project('server', { testTimeout: 60000 }),
    project('client'),
    { ...project('load-tests'), testMatch: ['<rootDir>/test/**/*.test.ts'] },
  ],
};
