import { ignoreElements, map, merge, take, tap } from 'rxjs';
import { connectArgs, DEFAULT_IDLE_MS } from '../../../src/cli/session/connect-args.js';
import { SessionUsageError } from '../../../src/cli/session/errors.js';
import { activity } from '../../../src/cli/session/tracker.js';
import { stateName } from '../../../src/cli/session/tracker.js';
import { UsageError } from '../../../src/cli/errors.js';
import { createTestScheduler } from '../../helpers/marbles.js';

describe('session activity (virtual time)', () => {
  it('ends idle time only after the last of overlapping commands, then counts idleMs from there', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const commands = activity(5);
      // Two commands start at 1 and 2; they end at 4 and 8: idle from 8, so the limit of 5 is reached at 13.
      const driver = cold('-bb-e---e|', { b: 'begin', e: 'end' }).pipe(tap((kind) => (kind === 'begin' ? commands.begin() : commands.end())), ignoreElements());
      expectObservable(merge(driver, commands.idle$.pipe(take(1)))).toBe('-------------(x|)', { x: 0 });
    });
  });

  it('reports 0 idle milliseconds while a command runs and the time since the last one ended otherwise', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const commands = activity(100);
      const driver = cold('-b--e', { b: 'begin', e: 'end' }).pipe(tap((kind) => (kind === 'begin' ? commands.begin() : commands.end())), ignoreElements());
      const readings = cold('---r-----r').pipe(map(() => commands.idleMs()));
      expectObservable(merge(driver, readings)).toBe('---a-----b', { a: 0, b: 5 });
    });
  });
});

describe('rxmcp connect arguments', () => {
  it('takes the name, --idle and the target with its options, the command after -- kept as it is', () => {
    const args = connectArgs(['ex', '--idle', '5000', '--cwd', '/srv', '--', 'node', 'server.js', '--idle', '7']);
    expect(args.name).toBe('ex');
    expect(args.idleMs).toBe(5000);
    expect(args.command.target).toEqual({ kind: 'command', command: 'node', args: ['server.js', '--idle', '7'] });
    expect(args.command.options.cwd).toBe('/srv');
    expect(connectArgs(['web', 'https://example.test/mcp']).idleMs).toBe(DEFAULT_IDLE_MS);
    expect(connectArgs(['web', '--idle=60000', 'https://example.test/mcp']).command.target).toEqual({ kind: 'url', url: 'https://example.test/mcp' });
  });

  it('refuses a name that cannot be a file name, a missing target and a bad --idle, each with its typed error', () => {
    expect(() => connectArgs(['../x', 'https://example.test/mcp'])).toThrowMatching((error) => SessionUsageError.is(error) && /cannot name a session/.test((error as Error).message));
    expect(() => connectArgs([])).toThrowMatching((error) => SessionUsageError.is(error));
    expect(() => connectArgs(['ex'])).toThrowMatching((error) => UsageError.is(error) && /Name the server of session "ex"/.test((error as Error).message));
    expect(() => connectArgs(['ex', '--idle', 'soon', 'https://example.test/mcp'])).toThrowMatching((error) => UsageError.is(error) && /--idle takes a number of milliseconds, not "soon"/.test((error as Error).message));
  });
});

describe('session states', () => {
  it('names the client states as rxmcp sessions shows them', () => {
    expect(stateName({ status: 'idle' })).toBe('connecting');
    expect(stateName({ status: 'authorizing' })).toBe('connecting');
    expect(stateName({ status: 'reconnecting', attempt: 1 })).toBe('reconnecting');
    expect(stateName({ status: 'disconnected' })).toBe('disconnected');
    expect(stateName({ status: 'closed' })).toBe('connecting');
  });
});
