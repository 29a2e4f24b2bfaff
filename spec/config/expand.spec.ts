import { expandServer, expandString, isPureReference } from '../../src/config/expand.js';

describe('expandString', () => {
  const env = { TOKEN: 'secret', EMPTY: '', HOME: '/home/me' };

  it('expands ${VAR}, ${env:VAR} and ${VAR:-default} (the default also when VAR is empty)', () => {
    expect(expandString('Bearer ${TOKEN}', { env }).value).toBe('Bearer secret');
    expect(expandString('${env:HOME}/x', { env }).value).toBe('/home/me/x');
    expect(expandString('${PORT:-8080}', { env }).value).toBe('8080');
    expect(expandString('${EMPTY:-fallback}', { env }).value).toBe('fallback');
    expect(expandString('${EMPTY}', { env })).toEqual({ value: '', missing: [], unsupported: [] });
  });

  it('reports variables without a value or default, once each', () => {
    expect(expandString('${A}-${B}-${A}', { env })).toEqual({ value: '--', missing: ['A', 'B'], unsupported: [] });
  });

  it('leaves VS Code input and command variables as written and reports them', () => {
    expect(expandString('${input:apiKey}', { env })).toEqual({ value: '${input:apiKey}', missing: [], unsupported: ['${input:apiKey}'] });
  });

  it('prefers builtins (VS Code ${workspaceFolder}, ${userHome}, ${/}) over the environment, except for ${env:…}', () => {
    const variables = { env: { userHome: 'from-env' }, builtins: { workspaceFolder: '/w', userHome: '/u', pathSeparator: '/' } };
    expect(expandString('${workspaceFolder}${/}a ${userHome} ${env:userHome}', variables).value).toBe('/w/a /u from-env');
  });
});

describe('expandServer', () => {
  it('expands command, arguments, environment and folder of a stdio server', () => {
    const { value, missing } = expandServer(
      { kind: 'stdio', command: '${BIN}', args: ['--key', '${KEY}'], env: { K: '${KEY}' }, cwd: '${HOME}/w' },
      { env: { BIN: 'node', KEY: 'k', HOME: '/h' } },
    );
    expect(value).toEqual({ kind: 'stdio', command: 'node', args: ['--key', 'k'], env: { K: 'k' }, cwd: '/h/w' });
    expect(missing).toEqual([]);
  });

  it('expands URL and headers of a remote server', () => {
    const { value } = expandServer({ kind: 'http', url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${T}' } }, { env: { HOST: 'h', T: 't' } });
    expect(value).toEqual({ kind: 'http', url: 'https://h/mcp', headers: { Authorization: 'Bearer t' } });
  });
});

describe('isPureReference', () => {
  it('tells a bare reference from a value', () => {
    expect(isPureReference('${API_KEY}')).toBeTrue();
    expect(isPureReference('sk-123${X}')).toBeFalse();
  });
});
