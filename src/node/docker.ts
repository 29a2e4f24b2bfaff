import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../transport/internal/json-lines.js';
import { containerExitError } from './docker-errors.js';
import { buildChildEnv, type EnvOverrides } from './internal/env.js';
import type { ProcessExit, ProcessLaunch } from './internal/managed-process.js';
import { createProcessTransport, type StdioTransport } from './internal/process-transport.js';
import { DEFAULT_SHUTDOWN_GRACE_MS } from './stdio.js';

/** Variables of this process the docker CLI inherits besides the default allowlist (they pick the engine). */
export const DOCKER_CLI_ENV_VARS: readonly string[] = [
  'DOCKER_HOST',
  'DOCKER_CONTEXT',
  'DOCKER_CONFIG',
  'DOCKER_CERT_PATH',
  'DOCKER_TLS_VERIFY',
];

/** A bind mount: `host` folder or file at `container`, read-only when `readOnly`. */
export interface DockerVolume {
  /** The path on the host. */
  readonly host: string;
  /** Where it appears in the container. */
  readonly container: string;
  /** Mount it read-only (`:ro`). */
  readonly readOnly?: boolean;
}

/** Options of `docker`. */
export interface DockerOptions {
  /** The image to run. */
  readonly image: string;
  /** Arguments after the image (the container's command or its arguments). */
  readonly args?: readonly string[];
  /** Container environment, passed as `-e KEY=VALUE` (visible in the docker command line). */
  readonly env?: Readonly<Record<string, string>>;
  /** Bind mounts, as `host:container[:ro]` strings or objects. */
  readonly volumes?: readonly (string | DockerVolume)[];
  /** Container name; default `rxmcp-<random>`, new for each connection (a fixed name allows one at a time). */
  readonly name?: string;
  /** The docker CLI. Default `'docker'` (looked up on the `PATH` of `dockerEnv`). */
  readonly dockerPath?: string;
  /** More `docker run` options, placed before the image (`['--network', 'none']`). */
  readonly runArgs?: readonly string[];
  /** Environment of the docker CLI process itself, merged over the allowlist and `DOCKER_CLI_ENV_VARS`. */
  readonly dockerEnv?: EnvOverrides;
  /** Give the docker CLI this process's whole environment. */
  readonly inheritEnv?: boolean;
  /** Working folder of the docker CLI process. */
  readonly cwd?: string;
  /** As in `stdio`. */
  readonly maxMessageBytes?: number;
  /** As in `stdio`. */
  readonly closeGraceMs?: number;
  /** As in `stdio`. */
  readonly termGraceMs?: number;
}

/** The argument list of `docker run` for `options`, with container name `name`. */
export function dockerRunArgs(options: DockerOptions, name: string): string[] {
  const env = Object.entries(options.env ?? {}).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  const volumes = (options.volumes ?? []).flatMap((volume) => ['-v', volumeSpec(volume)]);
  const runArgs = options.runArgs ?? [];
  return ['run', '-i', '--rm', '--name', name, ...env, ...volumes, ...runArgs, options.image, ...(options.args ?? [])];
}

function volumeSpec(volume: string | DockerVolume): string {
  if (typeof volume === 'string') return volume;
  return `${volume.host}:${volume.container}${volume.readOnly === true ? ':ro' : ''}`;
}

/**
 * A stdio transport to an MCP server in a container: `docker run -i --rm --name <name> ... <image> ...`.
 * When the docker CLI does not exit cleanly (non-zero code, or killed on shutdown), `docker rm -f <name>`
 * removes the container.
 *
 * `connect(outbound$)`: as `stdio` (**Temperature:** cold, one container per subscription; **Emits:** one
 * frame per stdout line; **Completes:** on a clean exit; **Errors:** `ContainerExitError` (a `ProcessExitError`
 * naming the container, the image and the exit: `containerSignal` is `'SIGKILL'` after `docker kill`), its
 * subclasses `DockerImageNotFoundError` and `DockerEngineUnavailableError` when the container never ran,
 * `ProcessSpawnError` (no docker CLI), `StdoutClosedError`, `TransportError`; **Teardown:** close stdin, SIGTERM,
 * SIGKILL, then `docker rm -f`).
 * @example
 * ```ts
 * import { createClient } from 'rxmcp';
 * import { docker } from 'rxmcp/node';
 *
 * const client = createClient(docker({ image: 'mcp/fetch', env: { FETCH_TIMEOUT: '30' } }));
 * ```
 */
export function docker(options: DockerOptions): StdioTransport {
  const dockerPath = options.dockerPath ?? 'docker';
  const launch = (): ProcessLaunch => ({
    command: dockerPath,
    args: dockerRunArgs(options, options.name ?? `rxmcp-${randomBytes(6).toString('hex')}`),
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    env: buildChildEnv({ env: options.dockerEnv, inheritEnv: options.inheritEnv, inheritVars: DOCKER_CLI_ENV_VARS }),
  });
  return createProcessTransport({
    kind: 'docker',
    launch,
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    graces: {
      closeGraceMs: options.closeGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
      termGraceMs: options.termGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
    },
    exitError: (launch, exit) => containerExitError({ ...exit, container: containerName(launch) ?? '?', image: options.image }),
    afterExit: removeContainerUnlessClean,
  });
}

function containerName(launch: ProcessLaunch): string | undefined {
  const at = launch.args.indexOf('--name');
  return at === -1 ? undefined : launch.args[at + 1];
}

function removeContainerUnlessClean(launch: ProcessLaunch, exit: ProcessExit): void {
  if (exit.exitCode === 0) return;
  const name = containerName(launch);
  if (name === undefined) return;
  const { command, cwd, env } = launch;
  const remover = spawn(command, ['rm', '-f', name], { cwd, env, stdio: 'ignore', windowsHide: true });
  remover.on('error', () => undefined);
}
