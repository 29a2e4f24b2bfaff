import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { Tool } from '../../index.js';
import { describeDrift, diffToolPins, type ToolDrift } from '../../client/pinning/diff.js';
import { pinTools, type ToolPins } from '../../client/pinning/fingerprint.js';
import { UsageError } from '../errors.js';
import { toolsText } from '../render.js';
import type { Styler } from '../style.js';

/** What `tools --pins <file>` found: the drift from the file, or that the file was written (nothing pinned before). */
export interface PinCheck {
  readonly file: string;
  readonly drift: readonly ToolDrift[];
  readonly written: boolean;
}

function parsePins(text: string, file: string): ToolPins {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--pins ${file} is not JSON: ${(error as Error).message}`);
  }
  const pins = value as Partial<ToolPins> | null;
  if (pins === null || typeof pins !== 'object' || pins.version !== 1 || typeof pins.tools !== 'object' || pins.tools === null) {
    throw new UsageError(`--pins ${file} is not a pin file (version 1, tools by name)`);
  }
  return pins as ToolPins;
}

/** Compares `tools` with the pin file, or writes it with their fingerprints when it does not exist yet. */
export async function checkPins(cwd: string, path: string, tools: readonly Tool[]): Promise<PinCheck> {
  const file = isAbsolute(path) ? path : resolve(cwd, path);
  const listed = await pinTools(tools);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new UsageError(`--pins ${file} cannot be read: ${error.message}`);
  });
  if (text !== undefined) return { file, drift: diffToolPins(parsePins(text, file), listed), written: false };
  await writeFile(file, `${JSON.stringify(listed, null, 2)}\n`).catch((error: Error) => {
    throw new UsageError(`--pins ${file} cannot be written: ${error.message}`);
  });
  return { file, drift: [], written: true };
}

/** The tool list with each changed or new tool marked, and the pinned tools the server no longer lists. */
export function pinnedToolsText(tools: readonly Tool[], check: PinCheck, style: Styler): string[] {
  const byName = new Map(check.drift.map((drift) => [drift.name, drift]));
  const lines = tools.length === 0 ? toolsText([], style) : tools.flatMap((tool) => {
    const [first = '', ...rest] = toolsText([tool], style);
    const drift = byName.get(tool.name);
    if (drift === undefined) return [first, ...rest];
    const mark = drift.kind === 'added' ? 'new since pinned' : `changed since pinned: ${describeDrift(drift).replace(/^.*? changed: /, '')}`;
    return [`${first}  ${style(['bold', 'red'], `! ${mark}`)}`, ...rest];
  });
  const removed = check.drift.filter((drift) => drift.kind === 'removed').map((drift) => style(['bold', 'red'], `! ${drift.name} is pinned but no longer listed`));
  const note = check.written ? [style('dim', `(pinned ${tools.length} tools in ${check.file})`)] : [];
  return [...lines, ...removed, ...note];
}
