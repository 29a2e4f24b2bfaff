// Several servers as one: the servers of a configuration file (Claude, Cursor or VS Code style), their tools merged
// under `server__tool` names, each call routed to its server, each server's state on its own.
// Run: npx tsx examples/group.ts [path/to/.mcp.json]   (default: the bundled example server and server-everything)
import { createRequire } from 'node:module';
import { filter, firstValueFrom, lastValueFrom } from 'rxjs';
import { clientGroupFromConfig } from 'rxmcp/node';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const config = process.argv[2] ?? {
  mcpServers: {
    example: { command: process.execPath, args: ['--import', 'tsx', 'examples/server/example-server.ts'] },
    everything: { command: process.execPath, args: [everything, 'stdio'] },
  },
};

const group = await clientGroupFromConfig(config, { client: { clientInfo: { name: 'group-example', version: '1.0.0' } } });
try {
  // Every server answered (with its list, or with an error that leaves the others' lists in place).
  const tools = await firstValueFrom(group.toolsState$.pipe(filter((state) => !state.refreshing)));
  for (const [server, part] of tools.servers) {
    console.log(`${server}: ${part.error ? `failed (${part.error.message})` : `${part.items?.length ?? 0} tools`}`);
  }
  console.log(`tools: ${tools.items?.map((tool) => tool.name).slice(0, 6).join(', ')}, …`);
  const states = await firstValueFrom(group.states$);
  console.log(`states: ${[...states].map(([server, state]) => `${server} ${state.status}`).join(', ')}`);
  if (group.servers.includes('example')) {
    const sum = await lastValueFrom(group.callTool('example__add', { a: 17, b: 25 }));
    console.log(`example__add → ${JSON.stringify(sum.structuredContent)}`);
  }
  if (group.servers.includes('everything')) {
    const weather = await lastValueFrom(group.callTool('everything__get-structured-content', { location: 'Chicago' }));
    console.log(`everything__get-structured-content → ${JSON.stringify(weather.structuredContent)}`);
  }
} finally {
  group.close();
}
