// A command in a session writes what a direct run writes, and exits with the same code (the built program, real
// processes: one session daemon of the example server, and one direct run per command).
import { existsSync } from 'node:fs';
import { BIN, EXAMPLE_SERVER, shellPlace, type ShellPlace } from './shells.js';

/** Commands whose answers do not depend on what ran before on the connection. */
const COMMANDS: readonly (readonly string[])[] = [
  ['info', '--json'],
  ['tools', '--json'],
  ['tools'],
  ['resources', '--json'],
  ['templates', '--json'],
  ['prompts', '--json'],
  ['call', 'add', 'a=1', 'b=2'],
  ['call', 'add', 'a=1', 'b=2', '--json'],
  ['read', 'example://readme', '--json'],
  ['prompt', 'review', 'code=let x = 1;', '--json'],
  ['complete', 'prompt:review', 'language=ty', '--json'],
  ['ping', '--json'],
  ['call', 'no_such_tool'],
  ['call', 'add', 'a=one', 'b=2', '--json'],
  ['read', 'example://nothing-here', '--json'],
];

describe('a command in a session', () => {
  let place: ShellPlace;
  beforeAll(async () => {
    expect(existsSync(BIN)).withContext('run npm run build').toBeTrue();
    place = await shellPlace();
    const connect = await place.rxmcp('connect', 'ex', ...EXAMPLE_SERVER);
    expect(connect.code).withContext(connect.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await place.rxmcp('disconnect', 'ex');
    await place.remove();
  });

  it('writes the stdout and stderr of a direct run and exits with its code, for results and failures alike', async () => {
    const codes: number[] = [];
    for (const command of COMMANDS) {
      const session = await place.rxmcp('@ex', ...command);
      const direct = await place.rxmcp(...command, ...EXAMPLE_SERVER);
      const what = `rxmcp ${command.join(' ')}`;
      expect(session.stdout).withContext(what).toBe(direct.stdout);
      expect(session.stderr).withContext(what).toBe(direct.stderr);
      expect(session.code).withContext(what).toBe(direct.code);
      codes.push(session.code);
    }
    // The list covers a success, a missing tool (5) and a bad argument (1) at least.
    expect(codes).toContain(0);
    expect(codes).toContain(5);
    expect(codes).toContain(1);
  }, 300_000);
});
