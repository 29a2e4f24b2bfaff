// A fresh project outside this repository with the packed tarball installed, as a user's would be: for specs that
// run the README's code verbatim. Installs use only the npm cache that `npm ci` filled (`--offline`): a dev
// dependency a sample needs comes from this repository's lockfile (name, version, integrity), so no registry is asked.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** How a command ended. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command without a shell; never rejects. */
export function run(command: string, args: readonly string[], cwd: string, timeout = 40_000): Promise<Run> {
  return new Promise((done) => {
    execFile(command, args, { cwd, timeout, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      done({ code, stdout, stderr });
    });
  });
}

/** A run, for a failure message. */
export const explain = (step: Run): string => `exit ${step.code}\n${step.stdout.slice(-3000)}\n${step.stderr.slice(-3000)}`;

/** A temporary folder that is not inside this repository, so that module resolution cannot climb into it. */
export function outsideRepo(prefix: string): string {
  const base = relative(ROOT, tmpdir()).startsWith('..') ? tmpdir() : '/tmp';
  return mkdtempSync(join(base, prefix));
}

/** `npm pack` of the repository (what `npm run build` left in dist/) into `dir`; the tarball's path. */
export async function packInto(dir: string): Promise<string> {
  const packed = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], ROOT);
  if (packed.code !== 0) throw new Error(`npm pack failed: ${explain(packed)}`);
  return join(dir, packed.stdout.trim().split('\n').pop() as string);
}

interface LockEntry {
  readonly version: string;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly [member: string]: unknown;
}

/** The lock path a dependency of the package at `from` resolves to, as Node would look it up. */
function lockPath(packages: Record<string, LockEntry>, from: string, dependency: string): string | undefined {
  for (let base = from; ; base = base.slice(0, base.lastIndexOf('/node_modules/'))) {
    if (packages[`${base}/node_modules/${dependency}`] !== undefined) return `${base}/node_modules/${dependency}`;
    if (!base.includes('/node_modules/')) break;
  }
  return packages[`node_modules/${dependency}`] === undefined ? undefined : `node_modules/${dependency}`;
}

/** The entries of this repository's lockfile that `names` need (them and their dependencies, nested as locked). */
function lockedTree(names: readonly string[]): Record<string, LockEntry> {
  const packages = (JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  const tree: Record<string, LockEntry> = {};
  const todo = names.map((name) => `node_modules/${name}`);
  for (let path = todo.pop(); path !== undefined; path = todo.pop()) {
    if (tree[path] !== undefined) continue;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = packages[path] as LockEntry;
    tree[path] = entry;
    const optional = entry.optionalDependencies ?? {};
    for (const dependency of Object.keys({ ...entry.dependencies, ...optional })) {
      const found = lockPath(packages, path, dependency);
      if (found !== undefined) todo.push(found);
      else if (optional[dependency] === undefined) throw new Error(`${dependency} of ${path} is not in package-lock.json`);
    }
  }
  return tree;
}

/**
 * Makes `dir` a project (ESM) whose dependencies are `locked` (dev dependencies of this repository, at their locked
 * versions) and installs `extra` beside them (a tarball, `rxjs@x`), all from the npm cache.
 */
export async function installProject(dir: string, locked: readonly string[], extra: readonly string[], timeout: number): Promise<Run> {
  const tree = lockedTree(locked);
  const dependencies = Object.fromEntries(locked.map((name) => [name, (tree[`node_modules/${name}`] as LockEntry).version]));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'rxmcp-quickstart', private: true, type: 'module', dependencies }, null, 2));
  const lock = { name: 'rxmcp-quickstart', lockfileVersion: 3, requires: true, packages: { '': { name: 'rxmcp-quickstart', dependencies }, ...tree } };
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
  return run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', ...extra], dir, timeout);
}
