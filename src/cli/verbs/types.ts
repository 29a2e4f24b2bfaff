import type { Tool } from '../../index.js';
import type { Connection } from '../connection.js';
import { EXIT } from '../failure.js';
import type { Run } from '../run-context.js';
import { toolsFile } from '../types/tools-file.js';
import { listing } from './catalog.js';

/** `types`: TypeScript types of every tool's input and output schema, and the `Tools` map of `typedTools`, on stdout. */
export async function typesVerb(run: Run, connection: Connection): Promise<number> {
  const server = await connection.connect();
  const tools = server.capabilities.tools === undefined ? [] : ((await listing(run, connection, 'tools'))['tools'] as Tool[]);
  const { name, version } = server.serverInfo ?? { name: 'the server', version: '(no version)' };
  run.out.line(toolsFile(tools, { name, version, protocolVersion: server.protocolVersion }).trimEnd());
  return EXIT.ok;
}
