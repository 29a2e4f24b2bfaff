// Sessions that stay open, with real processes: the built rxmcp in two interactive bash shells (tmux), one session
// daemon of the example server between them.
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { until } from '../../helpers/until.js';
import { alive, bashShell, BIN, exec, EXAMPLE_SERVER, shellPlace, tmuxServer, type ShellPlace } from './shells.js';

const server = tmuxServer(`rxmcp-sessions-${process.pid}`);

interface Status {
  name: string;
  pid: number;
  state: string;
  reconnections: number;
  server?: { name: string };
  revision?: string;
}

async function statuses(place: ShellPlace): Promise<Status[]> {
  const result = await place.rxmcp('sessions', '--json');
  return (JSON.parse(result.stdout) as { sessions: Status[] }).sessions;
}

/** The process the daemon spawned (the example server). */
async function serverPid(daemon: number): Promise<number> {
  const { stdout } = await exec('pgrep', ['-P', String(daemon)]);
  const pids = stdout.trim().split('\n').map(Number);
  expect(pids.length).withContext(stdout).toBe(1);
  return pids[0] as number;
}

describe('rxmcp sessions (two shells, one session daemon)', () => {
  let place: ShellPlace;
  beforeAll(async () => {
    expect(existsSync(BIN)).withContext('run npm run build').toBeTrue();
    await expectAsync(exec('tmux', ['-V'])).withContext('tmux is needed (.ci/run installs it)').toBeResolved();
    await server.start();
  });
  beforeEach(async () => {
    place = await shellPlace();
  });
  afterEach(async () => {
    for (const status of await statuses(place).catch(() => [])) await place.rxmcp('disconnect', status.name);
    await place.remove();
  });
  afterAll(() => server.stop());

  it('shares state between two shells, heals after the server is killed, and ends on disconnect', async () => {
    const a = await bashShell(server, 'a', place, place.home);
    const b = await bashShell(server, 'b', place, place.home);
    try {
      const connected = await a.run(`rxmcp connect ex --idle 300000 ${EXAMPLE_SERVER.join(' ')}`, 60_000);
      expect(connected.text).toContain('session ex: connected to rxmcp-example-server 1.0.0');
      expect(connected.code).toBe(0);
      const again = await b.run(`rxmcp connect ex ${EXAMPLE_SERVER.join(' ')}`);
      expect(again.text).toContain('(already running)');
      expect(again.code).toBe(0);

      // A log level set in one shell applies to the other's calls.
      const quiet = await a.run('rxmcp @ex call add a=1 b=2');
      expect(quiet.text).toContain('3');
      expect(quiet.text).not.toContain('[info]');
      expect((await b.run('rxmcp @ex set-level info')).text).toContain('log level info');
      const loud = await a.run('rxmcp @ex call add a=2 b=3');
      expect(loud.text).toContain('[info] example-server {"tool":"add","arguments":{"a":2,"b":3}}');
      expect(loud.code).toBe(0);

      // A subscription made in one shell sees the change made from the other.
      await a.run('set -o pipefail');
      const watch = await a.start('rxmcp @ex watch --resource example://counter --until notifications/resources/updated --timeout 30000 | cat');
      await a.until(/"resourceSubscriptions":\["example:\/\/counter"\]/);
      expect((await b.run('rxmcp @ex call bump')).text).toContain('counter is now 1');
      const watched = await watch.finished();
      expect(watched.text).toContain('"kind":"resource-updated","method":"notifications/resources/updated","uri":"example://counter"');
      expect(watched.code).toBe(0);

      // Ctrl-C on the terminal reaches the command in the daemon: the call is cancelled, exit 130.
      const long = await b.start('rxmcp @ex call countdown from=100 delayMs=200');
      await b.until(/\/100/);
      await b.type('C-c');
      const cancelled = await long.finished();
      expect(cancelled.text).toContain('the call of countdown was cancelled');
      expect(cancelled.code).toBe(130);

      // The server dies; the daemon spawns it again by itself, and the session's log level holds.
      const [status] = await statuses(place);
      const daemon = (status as Status).pid;
      const first = await serverPid(daemon);
      process.kill(first, 'SIGKILL');
      await until(async () => (await statuses(place))[0]?.reconnections === 1 && (await statuses(place))[0]?.state === 'connected', 30_000, 'the session did not reconnect', 200);
      const listed = await b.run('rxmcp sessions');
      expect(listed.text).toMatch(/ex\s+connected \(reconnected 1×\)\s+rxmcp-example-server 1\.0\.0\s+2026-07-28/);
      const healed = await a.run('rxmcp @ex call add a=4 b=5');
      expect(healed.text).toContain('9');
      expect(healed.text).toContain('[info] example-server');
      expect(healed.code).toBe(0);
      const second = await serverPid(daemon);
      expect(second).not.toBe(first);

      const ended = await b.run('rxmcp disconnect ex');
      expect(ended.text).toContain('session ex: disconnected');
      await until(() => !alive(daemon) && !alive(second), 10_000, 'the daemon or its server outlived disconnect', 100);
      const gone = await a.run('rxmcp @ex tools');
      expect(gone.text).toContain('No session "ex": no session is running');
      expect(gone.code).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  }, 240_000);

  it('refuses an unknown session name with UnknownSessionError (exit 1, step session) and lists the running ones', async () => {
    const result = await place.rxmcp('@nope', 'tools', '--json');
    expect(result.code).toBe(1);
    const error = (JSON.parse(result.stderr) as { error: { step: string; message: string; details: { running: string[] } } }).error;
    expect(error.step).toBe('session');
    expect(error.message).toBe('No session "nope": no session is running');
    expect(error.details.running).toEqual([]);
    const text = await place.rxmcp('disconnect', 'nope');
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('rxmcp [session] No session "nope"');
  }, 30_000);

  it('refuses a sessions folder that others can read (exit 1, step session-dir) and starts nothing there', async () => {
    await mkdir(place.sessions, { mode: 0o755 });
    await chmod(place.sessions, 0o755);
    const connect = await place.rxmcp('connect', 'ex', '--json', ...EXAMPLE_SERVER);
    const error = (JSON.parse(connect.stderr) as { error: { step: string; message: string; hint: string } }).error;
    expect(connect.code).toBe(1);
    expect(error.step).toBe('session-dir');
    expect(error.message).toContain(`The session folder ${place.sessions} is open to others (mode 0755)`);
    expect(error.hint).toContain(`chmod 700 ${place.sessions}`);
    expect(existsSync(join(place.sessions, 'ex.sock'))).toBeFalse();
    const attach = await place.rxmcp('@ex', 'tools');
    expect(attach.code).toBe(1);
    expect(attach.stderr).toContain('rxmcp [session-dir]');
  }, 30_000);

  it('reports a first connection that fails with the exit code of a direct run, and leaves no daemon behind', async () => {
    const result = await place.rxmcp('connect', 'bad', '--json', '--', process.execPath, '-e', 'process.exit(3)');
    expect(result.code).toBe(4);
    const error = (JSON.parse(result.stderr) as { error: { step: string; message: string } }).error;
    expect(error.step).toBe('spawn');
    expect(error.message).toContain('exited with code 3');
    await until(() => !existsSync(join(place.sessions, 'bad.sock')), 15_000, 'the socket of the failed session stayed', 100);
    expect((await place.rxmcp('sessions')).stdout).toContain('no session is running');
  }, 60_000);

  it('ends a session after --idle without commands (its server too) and on SIGTERM, removing the socket each time', async () => {
    expect((await place.rxmcp('connect', 'term', ...EXAMPLE_SERVER)).code).toBe(0);
    expect((await place.rxmcp('connect', 'brief', '--idle', '4000', ...EXAMPLE_SERVER)).code).toBe(0);
    const pidOf = async (name: string): Promise<number> => (JSON.parse(await readFile(join(place.sessions, `${name}.json`), 'utf8')) as { pid: number }).pid;
    const brief = await pidOf('brief');
    const term = await pidOf('term');
    const child = await serverPid(brief);
    process.kill(term, 'SIGTERM');
    await until(() => !alive(brief) && !alive(child) && !alive(term), 30_000, 'a daemon or its server is still there', 100);
    expect(existsSync(join(place.sessions, 'brief.sock'))).toBeFalse();
    expect(existsSync(join(place.sessions, 'term.sock'))).toBeFalse();
  }, 60_000);

  it('finds the socket of a killed daemon stale, removes it and says so', async () => {
    const connect = await place.rxmcp('connect', 'gone', ...EXAMPLE_SERVER);
    expect(connect.code).withContext(connect.stderr).toBe(0);
    const [status] = await statuses(place);
    const daemon = (status as Status).pid;
    const child = await serverPid(daemon);
    process.kill(daemon, 'SIGKILL');
    await until(() => !alive(daemon) && !alive(child), 10_000, 'the daemon or its server is still there', 100);
    expect(existsSync(join(place.sessions, 'gone.sock'))).toBeTrue();
    const attach = await place.rxmcp('@gone', 'tools');
    expect(attach.code).toBe(1);
    expect(attach.stderr).toContain('No session "gone" (its daemon had died; its socket is removed)');
    expect(existsSync(join(place.sessions, 'gone.sock'))).toBeFalse();
    await writeFile(join(place.sessions, 'old.sock'), '');
    const listed = await place.rxmcp('sessions');
    expect(listed.stdout).toContain('no session is running');
    expect(listed.stderr).toContain('removed the socket of session "old": its daemon is gone');
    expect(existsSync(join(place.sessions, 'old.sock'))).toBeFalse();
  }, 60_000);
});
