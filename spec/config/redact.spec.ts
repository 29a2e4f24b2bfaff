import { REDACTED, redactArgs, redactServer, redactUrl } from '../../src/config/redact.js';

describe('redactServer', () => {
  it('shows environment values only when they reference a variable', () => {
    const shown = redactServer({ kind: 'stdio', command: 'node', args: [], env: { API_KEY: 'sk-live-123456789', TOKEN: '${TOKEN}', MODE: 'production' } });
    expect(shown).toEqual({ kind: 'stdio', command: 'node', args: [], env: { API_KEY: REDACTED, TOKEN: '${TOKEN}', MODE: REDACTED } });
  });

  it('shows header values only as references, Bearer ${X} included', () => {
    const shown = redactServer({ kind: 'http', url: 'https://h/mcp', headers: { Authorization: 'Bearer abc.def', 'X-Key': 'Bearer ${KEY}' } });
    expect(shown).toEqual({ kind: 'http', url: 'https://h/mcp', headers: { Authorization: REDACTED, 'X-Key': 'Bearer ${KEY}' } });
  });
});

describe('redactArgs', () => {
  it('blanks values of secret-named flags and assignments, and credential-shaped arguments', () => {
    expect(redactArgs(['-y', 'server', '--api-key', 'abc', '--token=xyz', 'GITHUB_TOKEN=ghp_x', 'ghp_abcdefghijklmnop', '--port', '3000', '/a/b/c']))
      .toEqual(['-y', 'server', '--api-key', REDACTED, `--token=${REDACTED}`, `GITHUB_TOKEN=${REDACTED}`, REDACTED, '--port', '3000', '/a/b/c']);
  });

  it('keeps references and ordinary long paths', () => {
    expect(redactArgs(['--token', '${TOKEN}', '/home/user/projects/abcdefghijklmnopqrstuvwxyz0123456789'])).toEqual(['--token', '${TOKEN}', '/home/user/projects/abcdefghijklmnopqrstuvwxyz0123456789']);
  });
});

describe('redactUrl', () => {
  it('blanks the password and secret-named query parameters', () => {
    expect(redactUrl('https://user:pw@h/mcp?api_key=abc&team=a')).toBe('https://user:redacted@h/mcp?api_key=redacted&team=a');
  });
});
