// Jest's module runtime cannot require() ES modules on Node 20, and NestJS 12 and
// a growing part of its dependency tree ship only ES modules. This transformer
// compiles our TypeScript with swc, and compiles a node_modules file only when it
// actually contains ES module syntax; CommonJS files pass through untouched
// (recompiling them could change sloppy-mode semantics). Results are cached by jest.
const { createTransformer } = require('@swc/jest');

const swc = createTransformer({
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
});

const ESM_SYNTAX =
  /(^|[\n;])\s*(import\s*[\w*{'"]|export\s*[*{]|export\s+(default|const|let|var|function|async|class)\b)/;

module.exports = {
  process(source, filename, options) {
    if (filename.includes('/node_modules/') && !ESM_SYNTAX.test(source)) return { code: source };
    return swc.process(source, filename, options);
  },
  getCacheKey(source, filename, options) {
    return `esm-aware:${swc.getCacheKey(source, filename, options)}`;
  },
};
