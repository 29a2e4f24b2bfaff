// The packed tarball installed in a fresh project outside this repository, made once per process and shared by the
// specs that need it (spec/node/package.spec.ts checks the package; spec/node/ui/ drives `rxmcp ui` from it), so
// the package is packed and installed once. The project goes when the process exits.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = join(ROOT, 'spec/fixtures/package');
/** How long packing and installing may take together. */
export const SETUP_MS = 80_000;
export const STEP_MS = 40_000;
const require = createRequire(import.meta.url);

/** What `npm pack --json` reports of the one tarball it wrote. */
export interface Packed {
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
  readonly files: readonly { readonly path: string }[];
}

/** A finished command. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The tarball and the project it was installed into. */
export interface PackedProject {
  readonly tarball: string;
  readonly packed: Packed;
  /** The consumer project (its node_modules/rxmcp is the installed package). */
  readonly dir: string;
  /** npm's install of the tarball (its exit code and output). */
  readonly install: Run;
}

export function run(command: string, args: readonly string[], cwd: string, timeout = STEP_MS): Promise<Run> {
  return new Promise((done) => {
    execFile(command, args, { cwd, timeout, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      done({ code, stdout, stderr });
    });
  });
}

export const explain = (step: Run): string => `exit ${step.code}\n${step.stdout.slice(-3000)}\n${step.stderr.slice(-3000)}`;

/** A temporary folder that is not inside this repository, so that module resolution cannot climb into it. */
function outsideRepo(): string {
  const base = relative(ROOT, tmpdir()).startsWith('..') ? tmpdir() : '/tmp';
  return mkdtempSync(join(base, 'rxmcp-package-'));
}

async function packAndInstall(temp: string): Promise<PackedProject> {
  const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', temp], ROOT);
  if (pack.code !== 0) throw new Error(`npm pack failed: ${explain(pack)}`);
  const packed = (JSON.parse(pack.stdout) as Packed[])[0] as Packed;
  const tarball = join(temp, packed.filename);
  const dir = join(temp, 'consumer');
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'rxmcp-consumer', private: true, type: 'module' }, null, 2));
  for (const file of ['server.mjs', 'client.mjs', 'marbles.mjs', 'entries.mjs', 'entries.cjs', 'oauth-build.mjs', 'peers-absent.mjs', 'consumer.ts', 'consumer-cjs.cts']) {
    copyFileSync(join(FIXTURES, file), join(dir, file));
  }
  const rxjs = (JSON.parse(readFileSync(require.resolve('rxjs/package.json'), 'utf8')) as { version: string }).version;
  // npm's own output at its default log level: whatever npm would tell a user on this install.
  const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, `rxjs@${rxjs}`], dir, SETUP_MS - 15_000);
  return { tarball, packed, dir, install };
}

let made: Promise<PackedProject> | undefined;

/** Packs what `npm run build` left in dist/ and installs it (once per process; later calls share the first). */
export function packedProject(): Promise<PackedProject> {
  if (made === undefined) {
    const temp = outsideRepo();
    process.once('exit', () => rmSync(temp, { recursive: true, force: true }));
    made = packAndInstall(temp);
  }
  return made;
}
