// README: rendering toolsState$, whose first value comes before the first listing (items undefined), in both eras.
import { timer } from 'rxjs';
import { createClient, type Client } from '../../src/index.js';
import { itInEachEra, serveTools, tool } from '../../src/testing/index.js';

function toolLine(client: Client, render: (line: string) => void): void {
  // #region readme
  client.toolsState$.subscribe(({ items, stale, error }) => {
    if (items === undefined) return render(error === undefined ? 'Loading tools…' : 'Tools unavailable'); // not listed yet
    render(items.map((t) => t.name).join(', ') + (stale ? ' (updating…)' : ''));
  });
  client.tools$.subscribe((tools) => console.log(tools.length)); // tools$ emits loaded lists only
  // #endregion
}

describe('README live state', () => {
  itInEachEra('renders a loading line first, then the list, then the list after a change', (server, { flush }) => {
    const served = serveTools(server, [tool('search')]);
    timer(10).subscribe(() => served.set([tool('search'), tool('deploy')]));
    const lines: string[] = [];
    spyOn(console, 'log');
    toolLine(createClient(server.transport), (line) => lines.push(line));
    flush();
    expect(lines[0]).toBe('Loading tools…');
    expect(lines).toContain('search');
    expect(lines).toContain('search (updating…)');
    expect(lines.at(-1)).toBe('search, deploy');
    expect(console.log).toHaveBeenCalledWith(1);
    expect(console.log).toHaveBeenCalledWith(2);
  });

  itInEachEra('says so when the tools cannot be listed at all', (server, { flush }) => {
    server.whenRequest('tools/list').error(-32603, 'database down');
    const lines: string[] = [];
    spyOn(console, 'log');
    toolLine(createClient(server.transport), (line) => lines.push(line));
    flush();
    expect(lines).toEqual(['Loading tools…', 'Tools unavailable']);
    expect(console.log).not.toHaveBeenCalled();
  });
});
