// #region example
import { createClientGroup, streamableHttp } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const group = createClientGroup({
  github: streamableHttp('https://example.com/github/mcp'),
  files: stdio({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/work'] }),
});
group.tools$.subscribe((tools) => console.log(tools.map((tool) => tool.name))); // github__create_issue, files__read_file, …
group.callTool('files__read_file', { path: '/work/todo.md' }).subscribe((result) => console.log(result.content));
// #endregion
