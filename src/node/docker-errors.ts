import { constants } from 'node:os';
import { ProcessExitError, type ProcessExitErrorOptions } from './internal/process-errors.js';

/** The exit code of `docker run` when docker itself failed and the container never ran (no engine, no image, ...). */
export const DOCKER_RUN_FAILED_EXIT_CODE = 125;

/** Options of `ContainerExitError` and its subclasses. */
export interface ContainerExitErrorOptions extends ProcessExitErrorOptions {
  /** The container's name (`--name`). */
  readonly container: string;
  /** The image it runs. */
  readonly image: string;
}

/** What `docker run` printed when the engine could not be reached. */
const ENGINE_UNAVAILABLE = /cannot connect to the docker daemon|error during connect|is the docker daemon running|permission denied while trying to connect to the docker daemon/i;
/** What `docker run` printed when the image is neither local nor pullable. */
const IMAGE_MISSING = /no such image|unable to find image|pull access denied|repository does not exist|manifest unknown|not found: manifest/i;

const signalNames = new Map<number, string>(Object.entries(constants.signals).map(([name, number]) => [number, name]));

/** The signal behind a container exit code 128 + n (`docker run` exits with 137 when the container was killed). */
function containerSignalOf(exitCode: number | null): string | null {
  if (exitCode === null || exitCode <= 128 || exitCode > 128 + 64) return null;
  return signalNames.get(exitCode - 128) ?? null;
}

/** `: <line>` for the last stderr line (or the last one matching `pattern`), cut at 200 characters; '' for none. */
function lastLine(options: ProcessExitErrorOptions, pattern?: RegExp): string {
  const lines = options.stderrTail ?? [];
  const matching = pattern === undefined ? [] : lines.filter((line) => pattern.test(line));
  const last = matching[matching.length - 1] ?? lines[lines.length - 1];
  return last === undefined ? '' : `: ${last.length > 200 ? `${last.slice(0, 200)}…` : last}`;
}

function exitMessage(options: ContainerExitErrorOptions): string {
  const which = `container "${options.container}" (image "${options.image}")`;
  if (options.signal !== null) return `docker run of ${which} was killed by ${options.signal}${lastLine(options)}`;
  const signal = containerSignalOf(options.exitCode);
  const how = signal === null ? `exited with code ${options.exitCode}` : `was killed by ${signal} (exit code ${options.exitCode})`;
  return `Docker ${which} ${how}${lastLine(options)}`;
}

/**
 * `docker run` ended other than by a clean exit: the server in the container exited or was killed (`docker kill`,
 * out of memory, ...), or, in the subclasses, the container never ran. It names the container and the image, and
 * keeps docker's exit code (128 + n when signal n ended the container's process) and the last stderr lines.
 */
export class ContainerExitError extends ProcessExitError {
  static override readonly kind: string = 'ContainerExitError';
  /** The container's name. */
  readonly container: string;
  /** The image. */
  readonly image: string;
  /** The signal that ended the container's process, read from the exit code (`'SIGKILL'` for 137), or `null`. */
  readonly containerSignal: string | null;

  /** `message` replaces the default one for subclasses. */
  constructor(options: ContainerExitErrorOptions, message: string = exitMessage(options)) {
    super(options, message);
    this.container = options.container;
    this.image = options.image;
    this.containerSignal = options.signal === null ? containerSignalOf(options.exitCode) : null;
  }
}

/** The image is not on the engine and could not be pulled: the container never started. */
export class DockerImageNotFoundError extends ContainerExitError {
  static override readonly kind: string = 'DockerImageNotFoundError';

  constructor(options: ContainerExitErrorOptions) {
    super(options, `Docker image "${options.image}" is not available (container "${options.container}" never started)${lastLine(options, IMAGE_MISSING)}`);
  }
}

/** No Docker engine answered the docker CLI (not running, wrong `DOCKER_HOST`, no permission on its socket). */
export class DockerEngineUnavailableError extends ContainerExitError {
  static override readonly kind: string = 'DockerEngineUnavailableError';

  constructor(options: ContainerExitErrorOptions) {
    super(options, `No Docker engine answers, so container "${options.container}" (image "${options.image}") never started${lastLine(options, ENGINE_UNAVAILABLE)}`);
  }
}

/** The error for an unclean exit of `docker run`: which of the three it is follows from the exit code and stderr. */
export function containerExitError(options: ContainerExitErrorOptions): ContainerExitError {
  if (options.signal === null && options.exitCode === DOCKER_RUN_FAILED_EXIT_CODE) {
    const said = (options.stderrTail ?? []).join('\n');
    if (ENGINE_UNAVAILABLE.test(said)) return new DockerEngineUnavailableError(options);
    if (IMAGE_MISSING.test(said)) return new DockerImageNotFoundError(options);
  }
  return new ContainerExitError(options);
}
