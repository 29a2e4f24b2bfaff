import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as node from '../../src/node/index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

describe('rxmcp/node entry point', () => {
  it('exports the stdio and Docker transports, their table, their errors, the loopback redirect, the file storage, the event cursor file store, the events webhook receiver and its error, the Node URL guard, the group from configuration files and the undici engine', () => {
    expect(Object.keys(node).sort()).toEqual([
      'COMMAND_TRANSPORTS', 'ConfigError', 'ContainerExitError', 'DEFAULT_INHERITED_ENV_VARS', 'DEFAULT_SHUTDOWN_GRACE_MS', 'DOCKER_CLI_ENV_VARS', 'DOCKER_RUN_FAILED_EXIT_CODE',
      'DockerEngineUnavailableError', 'DockerImageNotFoundError', 'EventWebhookError', 'FILE_STORAGE_MODE', 'ProcessExitError', 'ProcessSpawnError', 'StdoutClosedError', 'clientGroupFromConfig', 'commandKindOf', 'commandTransport', 'docker', 'dockerRunArgs', 'eventsWebhook', 'eventsWebhookReceiver', 'fileCursorStore', 'fileStorage', 'fileWarmStore', 'loopbackRedirect', 'nodeUrlGuard', 'stdio', 'undiciFetch',
    ]);
  });
});

describe('rxmcp/ai entry point (package exports)', () => {
  it('resolves for import and require to the built ESM and CommonJS files, both loading the ai peer', async () => {
    const esm = (await import('rxmcp/ai' as string)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)('rxmcp/ai') as Record<string, unknown>;
    expect(import.meta.resolve('rxmcp/ai')).toMatch(/\/dist\/ai\.js$/);
    expect(createRequire(import.meta.url).resolve('rxmcp/ai')).toMatch(/\/dist\/ai\.cjs$/);
    expect(typeof esm['aiTools']).toBe('function');
    expect(typeof cjs['aiTools']).toBe('function');
  });
});

describe('rxmcp/openai-agents and rxmcp/langchain entry points', () => {
  it('rxmcp/openai-agents exports the Agents SDK server adapter', async () => {
    expect(Object.keys(await import('../../src/openai-agents/index.js')).sort()).toEqual(['toAgentsMcpServer']);
  });

  it('rxmcp/langchain exports the LangChain tools, once, live and as an agent middleware', async () => {
    expect(Object.keys(await import('../../src/langchain/index.js')).sort()).toEqual(['langChainTools$', 'langChainToolsMiddleware', 'toLangChainTools']);
  });

  it('resolve for import and require to the built ESM and CommonJS files', () => {
    for (const entry of ['openai-agents', 'langchain']) {
      expect(import.meta.resolve(`rxmcp/${entry}`)).toMatch(new RegExp(`/dist/${entry}\\.js$`));
      expect(createRequire(import.meta.url).resolve(`rxmcp/${entry}`)).toMatch(new RegExp(`/dist/${entry}\\.cjs$`));
    }
  });
});

describe('rxmcp/otel entry point (package exports)', () => {
  it('resolves for import and require to the built ESM and CommonJS files, both loading the @opentelemetry/api peer', async () => {
    const esm = (await import('rxmcp/otel' as string)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)('rxmcp/otel') as Record<string, unknown>;
    expect(import.meta.resolve('rxmcp/otel')).toMatch(/\/dist\/otel\.js$/);
    expect(createRequire(import.meta.url).resolve('rxmcp/otel')).toMatch(/\/dist\/otel\.cjs$/);
    expect(typeof esm['otelLink']).toBe('function');
    expect(typeof cjs['otelLink']).toBe('function');
  });
});

describe('rxmcp entry point (package exports)', () => {
  it('resolves in Node to its Node build, for import and require, with the types of the universal entry', () => {
    expect(import.meta.resolve('rxmcp')).toMatch(/\/dist\/index-node\.js$/);
    expect(createRequire(import.meta.url).resolve('rxmcp')).toMatch(/\/dist\/index-node\.cjs$/);
    interface Target { readonly types: string; readonly default: string }
    interface Conditions { readonly import: Target; readonly require: Target }
    const manifest = JSON.parse(read('package.json')) as { exports: { '.': Conditions & { node: Conditions } } };
    const main = manifest.exports['.'];
    expect(Object.keys(main)).toEqual(['node', 'import', 'require']);
    expect(main.node.import.types).toBe(main.import.types);
    expect(main.node.require.types).toBe(main.require.types);
  });
});

describe('rxmcp/oauth entry point (package exports)', () => {
  it('resolves in Node to its Node build, for import and require, with the types of the universal entry', () => {
    expect(import.meta.resolve('rxmcp/oauth')).toMatch(/\/dist\/oauth-node\.js$/);
    expect(createRequire(import.meta.url).resolve('rxmcp/oauth')).toMatch(/\/dist\/oauth-node\.cjs$/);
    interface Target { readonly types: string; readonly default: string }
    interface Conditions { readonly import: Target; readonly require: Target }
    const manifest = JSON.parse(read('package.json')) as { exports: { './oauth': Conditions & { node: Conditions } } };
    const oauth = manifest.exports['./oauth'];
    expect(Object.keys(oauth)).toEqual(['node', 'import', 'require']);
    expect(oauth.node.import.types).toBe(oauth.import.types);
    expect(oauth.node.require.types).toBe(oauth.require.types);
  });
});

describe('the package exports', () => {
  const manifest = JSON.parse(read('package.json')) as { exports: Record<string, { require?: { types: string } } | string> };
  const subpaths = Object.keys(manifest.exports).filter((subpath) => subpath !== './package.json');
  /** The source file of a subpath, from its CommonJS declarations (dist/types mirrors src/). */
  const sourceOf = (subpath: string): string => {
    const target = manifest.exports[subpath];
    if (typeof target !== 'object' || target.require === undefined) throw new Error(`${subpath} has no require condition`);
    return target.require.types.replace('./dist/types/', 'src/').replace(/\.d\.ts$/, '.ts');
  };

  it('are the main entry and the fourteen subpaths whose snapshots are above and in spec/exports.spec.ts', () => {
    expect(subpaths).toEqual(['.', './agent', './protocol', './session', './oauth', './node', './testing', './warm', './events', './ai', './otel', './openai-agents', './langchain', './apps']);
  });

  it('are each built by scripts/build.mjs and documented by TypeDoc', () => {
    const build = read('scripts/build.mjs');
    const typedoc = JSON.parse(read('typedoc.json')) as { entryPoints: string[] };
    for (const subpath of subpaths) {
      const source = sourceOf(subpath);
      expect(build).withContext(subpath).toContain(`'${source}'`);
      expect(typedoc.entryPoints).withContext(subpath).toContain(source);
    }
  });

  it('resolve for import and require to the built ESM and CommonJS files, with the same names', async () => {
    const require = createRequire(import.meta.url);
    for (const subpath of subpaths.filter((path) => path !== './ai')) {
      const specifier = subpath === '.' ? 'rxmcp' : `rxmcp/${subpath.slice(2)}`;
      const esm = Object.keys((await import(specifier)) as object).sort();
      const cjs = Object.keys(require(specifier) as object).filter((name) => name !== '__esModule').sort();
      expect(esm.length).withContext(specifier).toBeGreaterThan(0);
      expect(cjs).withContext(specifier).toEqual(esm);
    }
  }, 30_000);
});
