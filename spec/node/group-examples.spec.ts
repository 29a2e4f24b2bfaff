// examples/group.ts and examples/structured-output.ts, run as a user runs them (they import the built rxmcp).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = (file: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', file, ...args], { cwd: root, timeout: 60_000 }).then(({ stdout }) => stdout.trim().split('\n'));

describe('the group and structured-output examples', () => {
  it('examples/group.ts merges the example server and server-everything and routes a call to each', async () => {
    const lines = await run('examples/group.ts');
    expect(lines).toContain('states: example ready, everything ready');
    expect(lines).toContain('example__add → {"sum":42}');
    expect(lines).toContain('everything__get-structured-content → {"temperature":36,"conditions":"Light rain / drizzle","humidity":82}');
    expect(lines.find((line) => line.startsWith('tools: '))).toMatch(/^tools: example__add, /);
  });

  it('examples/group.ts reads a configuration file, and reports a server that cannot start beside the one that works', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rxmcp-group-example-'));
    try {
      const file = join(folder, '.mcp.json');
      const example = join(root, 'examples/server/example-server.ts');
      await writeFile(file, JSON.stringify({ mcpServers: { example: { command: process.execPath, args: ['--import', 'tsx', example] }, gone: { command: 'rxmcp-no-such-server' } } }));
      const lines = await run('examples/group.ts', file);
      expect(lines).toContain('example: 9 tools');
      expect(lines.find((line) => line.startsWith('gone: '))).toMatch(/^gone: failed \(.*rxmcp-no-such-server/);
      expect(lines).toContain('example__add → {"sum":42}');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('examples/structured-output.ts shows a valid result, a mismatch naming its path, and the diagnostic mode keeping the result', async () => {
    const lines = await run('examples/structured-output.ts');
    expect(lines).toContain('valid: {"temperature":33,"conditions":"Cloudy","humidity":82}');
    expect(lines.find((line) => line.startsWith('error at '))).toBe(
      'error at /temperature: Tool "get-structured-content" returned structuredContent that does not match its outputSchema at /temperature: Instance type "number" is invalid. Expected "string".',
    );
    expect(lines.find((line) => line.startsWith('diagnostic '))).toMatch(/^diagnostic invalid-tool-output: .* at \/temperature/);
    expect(lines).toContain('kept: {"temperature":33,"conditions":"Cloudy","humidity":82}');
  });
});
