// @ts-check
/** How the tests compile TypeScript: jest's transform and threads started by the code under test. */
module.exports = {
  jsc: {
    parser: { syntax: "typescript", decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: "es2022",
  },
  module: { type: "commonjs" },
};
