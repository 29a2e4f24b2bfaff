// A `docker run …` command line, as configuration files and the command line give a server in a container, read back
// into the options of `docker()`: the image, the container's arguments, the run options before the image and the
// container's name. Pure: no process is started.
import type { DockerOptions } from './docker.js';

/** Long `docker run` flags that take no value (the rest take one, as the next word or after `=`). */
const LONG_FLAGS = new Set([
  '--interactive', '--tty', '--detach', '--rm', '--privileged', '--init', '--read-only', '--publish-all', '--sig-proxy',
  '--no-healthcheck', '--oom-kill-disable', '--disable-content-trust', '--quiet', '--help',
]);
/** Short `docker run` flags that take no value (`-i`, `-t`, `-d`, `-P`, `-q`); any other short flag takes one. */
const SHORT_FLAGS = new Set(['i', 't', 'd', 'P', 'q']);
/** Flags `docker()` always passes itself. */
const ALWAYS = new Set(['-i', '--interactive', '--rm']);

/** What a `docker run` command line says, in the terms of `DockerOptions`. */
export type DockerRunCommand = Required<Pick<DockerOptions, 'image' | 'args' | 'runArgs'>> & Pick<DockerOptions, 'name'>;

/** How many words an option at `words[at]` spans: 1, or 2 when its value is the next word. */
function optionWidth(word: string): 1 | 2 {
  if (word.startsWith('--')) return word.includes('=') || LONG_FLAGS.has(word) ? 1 : 2;
  const letters = word.slice(1);
  for (let index = 0; index < letters.length; index += 1) {
    if (!SHORT_FLAGS.has(letters[index] as string)) return index === letters.length - 1 ? 2 : 1;
  }
  return 1;
}

/** The words after `run` (or `container run`), or `undefined` when `args` is not a `docker run` command. */
function runWords(args: readonly string[]): readonly string[] | undefined {
  if (args[0] === 'run') return args.slice(1);
  if (args[0] === 'container' && args[1] === 'run') return args.slice(2);
  return undefined;
}

/**
 * Reads the arguments of a docker CLI command (`run -i --rm --network none mcp/fetch --verbose`): the image is the
 * first word that is neither an option nor an option's value, the words after it are the container's arguments, and
 * the options before it are the run options (`--name` apart; `-i` and `--rm`, which `docker()` passes anyway, left
 * out). `undefined` when it is not `run` (or `container run`) with an image.
 */
export function parseDockerRun(args: readonly string[]): DockerRunCommand | undefined {
  const words = runWords(args);
  if (words === undefined) return undefined;
  const runArgs: string[] = [];
  let name: string | undefined;
  for (let at = 0; at < words.length; ) {
    const word = words[at] as string;
    if (word === '--' || !word.startsWith('-') || word === '-') {
      const image = word === '--' ? words[at + 1] : word;
      if (image === undefined) return undefined;
      const rest = words.slice(word === '--' ? at + 2 : at + 1);
      return { image, args: rest, runArgs, ...(name === undefined ? {} : { name }) };
    }
    const width = optionWidth(word);
    if (width === 2 && at + 1 >= words.length) return undefined;
    if (word === '--name') name = words[at + 1];
    else if (word.startsWith('--name=')) name = word.slice('--name='.length);
    else if (!ALWAYS.has(word)) runArgs.push(...words.slice(at, at + width));
    at += width;
  }
  return undefined;
}

/** Whether `command` names the docker CLI (`docker`, `/usr/bin/docker`, `docker.exe`). */
export function isDockerCli(command: string): boolean {
  const base = command.split(/[\\/]/).pop() ?? command;
  return /^docker(\.exe)?$/i.test(base);
}
