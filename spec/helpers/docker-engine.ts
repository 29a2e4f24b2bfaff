// A real Docker engine for the Node specs, and one local image built from this machine's `node` and two servers:
// no registry, no network (`docker import` of a root file system; containers run with `--network none`).
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { DockerOptions } from '../../src/node/index.js';
import { fixtureServer } from '../fixtures/servers/paths.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where the image keeps the servers: `ENTRYPOINT` is node, the default `CMD` the example server. */
export const IMAGE_SERVERS = { example: '/app/example-server.mjs', cli: '/app/cli-server.mjs' } as const;

/** Runs `docker …args`; resolves with its output, rejects with its stderr (bounded by `timeoutMs`). */
export function dockerCli(args: readonly string[], timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('docker', [...args], { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new Error(`docker ${args.join(' ')}: ${stderr.trim() || error.message}`));
    });
  });
}

/** Whether an engine answers, or why not (`RXMCP_DOCKER_UNAVAILABLE`, set by `.ci/run` when dockerd failed, first). */
export type EngineState = { readonly ok: true; readonly version: string } | { readonly ok: false; readonly reason: string };

let engine: Promise<EngineState> | undefined;

/** Asks the engine for its version once per run. */
export function dockerEngine(): Promise<EngineState> {
  engine ??= dockerCli(['version', '--format', '{{.Server.Version}}'], 15_000).then(
    (version): EngineState => ({ ok: true, version: version.trim() }),
    (error: unknown): EngineState => {
      const given = process.env['RXMCP_DOCKER_UNAVAILABLE'];
      return { ok: false, reason: given !== undefined && given !== '' ? given : (error as Error).message };
    },
  );
  return engine;
}

async function bundleServers(folder: string): Promise<void> {
  const common = { bundle: true, platform: 'node', format: 'esm', logLevel: 'warning', absWorkingDir: ROOT } as const;
  await build({ ...common, entryPoints: [join(ROOT, 'examples/server/example-server.ts')], outfile: join(folder, IMAGE_SERVERS.example) });
  await build({ ...common, entryPoints: [fixtureServer('cli-server')], outfile: join(folder, IMAGE_SERVERS.cli) });
}

/** The libraries `ldd` lists for `binary` (absolute paths, the loader included). */
function sharedLibraries(binary: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile('ldd', [binary], (error, stdout) => {
      if (error !== null) reject(error);
      else resolve([...stdout.matchAll(/(\/\S+)/g)].map((match) => match[1] as string));
    });
  });
}

function copyInto(root: string, from: string, to = from): void {
  mkdirSync(dirname(join(root, to)), { recursive: true });
  copyFileSync(from, join(root, to));
}

/** Tar of `root` into `docker import`, node as entry point and the example server as default command. */
function importRoot(root: string, tag: string): Promise<void> {
  const changes = ['ENTRYPOINT ["/usr/local/bin/node"]', `CMD ["${IMAGE_SERVERS.example}"]`].flatMap((change) => ['--change', change]);
  return new Promise((resolve, reject) => {
    const tar = spawn('tar', ['-C', root, '-cf', '-', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const importer = spawn('docker', ['import', ...changes, '-', tag], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    importer.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    tar.stdout.pipe(importer.stdin);
    tar.once('error', reject);
    importer.once('error', reject);
    importer.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`docker import failed (${code}): ${stderr.trim()}`))));
  });
}

async function buildImage(): Promise<string> {
  const work = mkdtempSync(join(ROOT, '.tmp', 'docker-image-'));
  try {
    const root = join(work, 'root');
    await bundleServers(root);
    const node = process.execPath;
    copyInto(root, node, '/usr/local/bin/node');
    for (const library of await sharedLibraries(node)) copyInto(root, library);
    mkdirSync(join(root, 'tmp'), { recursive: true });
    const hash = createHash('sha256');
    for (const server of Object.values(IMAGE_SERVERS)) hash.update(readFileSync(join(root, server)));
    hash.update(`${node} ${process.version} ${statSync(node).size} ${statSync(node).mtimeMs}`);
    const tag = `rxmcp-spec/servers:${hash.digest('hex').slice(0, 16)}`;
    const known = await dockerCli(['image', 'inspect', '--format', '{{.Id}}', tag]).then(() => true, () => false);
    if (!known) await importRoot(root, tag);
    return tag;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

let image: Promise<string> | undefined;

/** The local image (built once per run, reused while its content is the same): node plus the two servers. */
export function specImage(): Promise<string> {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  image ??= buildImage();
  return image;
}

/** The names of the containers, running or not, whose name starts with `prefix`. */
export async function containersNamed(prefix: string): Promise<string[]> {
  const out = await dockerCli(['ps', '-a', '--filter', `name=^/${prefix}`, '--format', '{{.Names}}']);
  return out.split('\n').filter(Boolean);
}

/** Time limit of a spec that runs containers (the first one may build the image). */
export const CONTAINER_SPEC_MS = 60_000;

/** The image, or pending with the reason when no engine answers. */
export async function imageOrPending(): Promise<string> {
  const engine = await dockerEngine();
  if (!engine.ok) pending(`no Docker engine: ${engine.reason}`);
  return specImage();
}

/** A container name of its own for one spec (`rxmcp-spec-<what>-<random>`). */
export function specName(what: string): string {
  return `rxmcp-spec-${what}-${Math.random().toString(16).slice(2, 10)}`;
}

/** `docker` options of a spec: the image, no network, short shutdown graces. */
export function inContainer(image: string, options: Partial<DockerOptions> = {}): DockerOptions {
  return { image, runArgs: ['--network', 'none'], closeGraceMs: 1000, termGraceMs: 1000, ...options };
}
