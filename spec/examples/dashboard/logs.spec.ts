import { logEntry, logsNdjson } from '../../../examples/dashboard/src/model/logs.js';

describe('dashboard log export', () => {
  it('writes one JSON object a line with the time, level, logger, call, source and the data as sent', () => {
    const entries = [
      logEntry({ level: 'info', logger: 'tools', data: { tool: 'add', args: [1, 2] } }, 7),
      logEntry({ level: 'error', data: 'line\nbreak' }, undefined, 'app'),
    ];
    const text = logsNdjson(entries);
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.split('\n').slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBe(2);
    expect(lines[0]).toEqual({ time: new Date(entries[0]!.time).toISOString(), level: 'info', logger: 'tools', call: 7, source: 'server', data: { tool: 'add', args: [1, 2] } });
    expect(lines[1]).toEqual({ time: new Date(entries[1]!.time).toISOString(), level: 'error', source: 'app', data: 'line\nbreak' });
  });

  it('writes nothing for no entries', () => {
    expect(logsNdjson([])).toBe('');
  });
});
