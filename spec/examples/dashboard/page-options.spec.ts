import { DEFAULT_OPTIONS, optionsFrom } from '../../../examples/dashboard/src/model/page-options.js';
import { rootUri } from '../../../examples/dashboard/src/model/roots.js';

describe('dashboard settings', () => {
  it('keeps the defaults for empty fields: no call timeout, the short reconnect backoff', () => {
    expect(optionsFrom({})).toEqual(DEFAULT_OPTIONS);
    expect(optionsFrom({ idle: ' ', total: '', initialDelay: '', maxDelay: '', maxAttempts: '' })).toEqual(DEFAULT_OPTIONS);
  });

  it('reads seconds as milliseconds and attempts as a count', () => {
    expect(optionsFrom({ idle: '0.4', total: '30', initialDelay: '1', maxDelay: '10', maxAttempts: '5' })).toEqual({
      callTimeout: { idleMs: 400, totalMs: 30_000 },
      reconnect: { initialDelayMs: 1000, maxDelayMs: 10_000, maxAttempts: 5 },
    });
  });

  it('names the field that is wrong', () => {
    expect(() => optionsFrom({ total: '-1' })).toThrowError('Call total timeout: a positive number of seconds, or empty');
    expect(() => optionsFrom({ maxAttempts: '1.5' })).toThrowError('Reconnect attempts: a positive whole number, or empty');
  });

  it('makes a root URI of an absolute path, keeps a URI, refuses the rest', () => {
    expect(rootUri('/home/ada/my project')).toBe('file:///home/ada/my%20project');
    expect(rootUri('file:///srv/data')).toBe('file:///srv/data');
    expect(() => rootUri('relative/dir')).toThrowError('Not a URI or an absolute path: "relative/dir"');
  });
});
