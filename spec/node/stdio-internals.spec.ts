import { buildChildEnv, DEFAULT_INHERITED_ENV_VARS } from '../../src/node/internal/env.js';
import { StderrTail } from '../../src/node/internal/stderr-tail.js';

describe('StderrTail', () => {
  it('keeps the last lines within the line bound, oldest first', () => {
    const tail = new StderrTail(3, 1000);
    for (const line of ['a', 'b', 'c', 'd', 'e']) tail.push(line);
    expect(tail.lines()).toEqual(['c', 'd', 'e']);
  });

  it('drops old lines past the character bound and keeps the end of an overlong line', () => {
    const tail = new StderrTail(20, 10);
    tail.push('12345');
    tail.push('67890');
    tail.push('abc');
    expect(tail.lines()).toEqual(['67890', 'abc']);
    tail.push('x'.repeat(30) + 'END');
    expect(tail.lines()).toEqual([`…${'x'.repeat(6)}END`]);
  });

  it('defaults to 20 lines and 8 KiB', () => {
    const tail = new StderrTail();
    for (let line = 0; line < 25; line += 1) tail.push(`line ${line}`);
    expect(tail.lines().length).toBe(20);
    const wide = new StderrTail();
    for (let line = 0; line < 5; line += 1) wide.push('y'.repeat(3000));
    expect(wide.lines().join('').length).toBeLessThanOrEqual(8 * 1024);
  });
});

describe('buildChildEnv', () => {
  const parent = { PATH: '/bin', HOME: '/home/u', SECRET: 's', SYSTEMROOT: 'C:\\Windows', DOCKER_HOST: 'tcp://x' };

  it('keeps only allowlisted variables and merges env over them (undefined removes one)', () => {
    expect(buildChildEnv({ env: { EXTRA: '1', HOME: undefined } }, parent)).toEqual({
      PATH: '/bin',
      SYSTEMROOT: 'C:\\Windows',
      EXTRA: '1',
    });
  });

  it('inherits extra variables by name and everything with inheritEnv', () => {
    expect(buildChildEnv({ inheritVars: ['DOCKER_HOST'] }, parent)['DOCKER_HOST']).toBe('tcp://x');
    const all = buildChildEnv({ inheritEnv: true, env: { PATH: '/usr/bin' } }, parent);
    expect(all).toEqual({ ...parent, PATH: '/usr/bin' });
  });

  it('allowlists the POSIX and Windows basics', () => {
    expect([...DEFAULT_INHERITED_ENV_VARS].sort()).toEqual(
      [
        'HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'APPDATA', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA',
        'PROCESSOR_ARCHITECTURE', 'SYSTEMDRIVE', 'SYSTEMROOT', 'TEMP', 'USERNAME', 'USERPROFILE', 'PROGRAMFILES',
      ].sort(),
    );
  });
});
