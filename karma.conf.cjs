// Karma 6 + karma-esbuild + headless Debian Chromium: runs the shared specs (everything under spec/ except
// spec/node/) in a real browser. Run: karma start karma.conf.cjs --single-run
'use strict';

process.env.CHROME_BIN ||= '/usr/bin/chromium';

// karma-esbuild writes its generated entry (`import "<spec>"` per spec file) into os.tmpdir() and names each spec
// by its path relative to that folder. When the checkout lives under the temp folder (a clone in /tmp), that path
// has no leading `../` and esbuild reads it as a package name: nothing resolves and karma runs 0 specs. A temp
// folder inside the checkout always gives `../`-relative paths; Chromium's profile goes there too.
{
  const path = require('node:path');
  process.env.TMPDIR = path.join(__dirname, '.tmp', 'karma');
  require('node:fs').mkdirSync(process.env.TMPDIR, { recursive: true });
}
const tty = process.stdout.isTTY === true;
const coverage = process.env.COVERAGE === '1';

// esbuild plugin: transpile src/**/*.ts, then instrument with istanbul (only when COVERAGE=1).
const istanbulPlugin = {
  name: 'istanbul',
  setup(build) {
    const fs = require('node:fs');
    const path = require('node:path');
    const esbuild = require('esbuild');
    const { createInstrumenter } = require('istanbul-lib-instrument');
    const instrumenter = createInstrumenter({ esModules: true, produceSourceMap: true });
    const srcDir = path.join(__dirname, 'src') + path.sep;
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(srcDir)) return undefined;
      const ts = await fs.promises.readFile(args.path, 'utf8');
      const { code, map } = await esbuild.transform(ts, {
        loader: 'ts', format: 'esm', target: 'es2022', sourcemap: 'external', sourcefile: args.path,
      });
      const instrumented = instrumenter.instrumentSync(code, args.path, JSON.parse(map));
      return { contents: instrumented, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

const extraPlugins = [];
const extraMiddleware = [];
try {
  // Real HTTP routes (example MCP servers) served by the karma server itself, same origin as the page.
  const { karmaMiddleware } = require('./spec/support/karma-middleware.cjs');
  extraPlugins.push({ 'middleware:mcpRoutes': ['factory', karmaMiddleware] });
  extraMiddleware.push('mcpRoutes');
} catch (error) {
  if (error.code !== 'MODULE_NOT_FOUND') throw error;
}

module.exports = (config) => {
  config.set({
    basePath: __dirname,
    frameworks: ['jasmine'],
    plugins: ['karma-jasmine', 'karma-chrome-launcher', 'karma-esbuild', 'karma-coverage', ...extraPlugins],
    files: [{ pattern: 'spec/**/*.spec.ts', watched: false }],
    exclude: ['spec/node/**'],
    preprocessors: { 'spec/**/*.ts': ['esbuild'] },
    esbuild: {
      target: 'es2022',
      bundleDelay: 50,
      // package.json says "sideEffects": false (for consumers); without this esbuild drops the bare
      // `import "./x.spec.js"` lines of karma-esbuild's generated entry and karma runs 0 specs.
      ignoreAnnotations: true,
      plugins: coverage ? [istanbulPlugin] : [],
    },
    middleware: extraMiddleware,
    reporters: [tty ? 'progress' : 'dots', ...(coverage ? ['coverage'] : [])],
    colors: tty,
    coverageReporter: {
      dir: 'coverage/browser',
      reporters: [{ type: 'text-summary' }, { type: 'lcovonly', subdir: '.' }],
    },
    browsers: ['ChromeHeadlessCI'],
    customLaunchers: {
      ChromeHeadlessCI: {
        base: 'ChromeHeadless',
        flags: [
          '--no-sandbox',
          '--headless',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--disable-quic',
          '--no-first-run',
        ],
      },
    },
    client: { jasmine: { random: true } },
    failOnEmptyTestSuite: true,
    singleRun: true,
    autoWatch: false,
    concurrency: 1,
    browserNoActivityTimeout: 60000,
  });
};
