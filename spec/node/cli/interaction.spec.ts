import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_SERVER, cli, errorOf, eventsOf, jsonOf, liveStream, tempHome, type TempHome } from './helpers.js';

const content = (stdout: string): unknown => JSON.parse(stdout.trim());

describe('rxmcp and the server asking the user (elicitation)', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(async () => home.remove());

  for (const protocol of ['modern', 'legacy']) {
    it(`--elicit accept='{…}' answers a form without asking, the schema defaults filled in (${protocol})`, async () => {
      const result = await cli(home, ['--protocol', protocol, '--elicit', 'accept={"age":30}', 'call', 'form', ...CLI_SERVER]);
      expect(result.exitCode).withContext(result.stderr).toBe(0);
      expect(content(result.stdout)).toEqual({ action: 'accept', content: { name: 'world', age: 30, subscribe: false } });
    });
  }

  it('--elicit decline and --elicit cancel', async () => {
    expect(content((await cli(home, ['--elicit', 'decline', 'call', 'form', ...CLI_SERVER])).stdout)).toEqual({ action: 'decline' });
    expect(content((await cli(home, ['--elicit', 'cancel', 'call', 'form', ...CLI_SERVER])).stdout)).toEqual({ action: 'cancel' });
  });

  it('without --elicit and without a terminal, offers no elicitation (the capability is not advertised)', async () => {
    const result = await cli(home, ['--verbose', 'call', 'form', ...CLI_SERVER]);
    expect(result.stderr).toContain('"io.modelcontextprotocol/clientCapabilities":{}');
    expect(result.stderr).not.toMatch(/clientCapabilities":\{[^}]*elicitation/);
    expect(result.exitCode).not.toBe(0);
  });

  it('asks the form field by field when somebody answers, re-asking until an answer fits', async () => {
    const stderr = liveStream();
    const answers = 'y\n\nabc\n42\n2\nyes\n';
    const result = await cli(home, ['call', 'form', ...CLI_SERVER], { interactive: true, stdin: answers, stderr });
    expect(result.exitCode).withContext(stderr.text()).toBe(0);
    expect(content(result.stdout)).toEqual({ action: 'accept', content: { name: 'world', age: 42, colour: 'green', subscribe: true } });
    expect(stderr.text()).toContain('The server asks: Tell me about you');
    expect(stderr.text()).toContain('expected a whole number ≥ 0, ≤ 150 (required)');
    expect(stderr.text()).toMatch(/1\) Red\n\s+2\) Green\n\s+3\) Blue/);
  });

  it('a URL elicitation prints the URL and accepts', async () => {
    const result = await cli(home, ['--elicit', 'accept', 'call', 'link', ...CLI_SERVER]);
    expect(result.stderr).toContain('The server asks you to open: https://example.com/connect');
    expect(content(result.stdout)).toEqual({ action: 'accept' });
  });
});

describe('rxmcp call: streaming, time limits and Ctrl-C', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(async () => home.remove());

  it('call --watch streams progress and the server stderr as NDJSON, then the result', async () => {
    const result = await cli(home, ['call', 'slow', 'steps=3', 'delayMs=20', '--watch', ...CLI_SERVER]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    const events = eventsOf(result.stdout);
    expect(events.every((event) => typeof event['t'] === 'string' && !Number.isNaN(Date.parse(event['t'] as string)))).toBeTrue();
    expect(events.filter((event) => event['kind'] === 'progress').map((event) => event['progress'])).toEqual([1, 2, 3]);
    expect(events.filter((event) => event['kind'] === 'stderr').map((event) => event['line'])).toEqual(jasmine.arrayContaining(['slow: step 1', 'slow: step 3']));
    const last = events.at(-1);
    expect(last?.['kind']).toBe('result');
    expect(last?.['result']).toEqual(jasmine.objectContaining({ content: [{ type: 'text', text: 'done after 3' }] }));
  });

  it('call --watch includes the log messages of the call', async () => {
    const result = await cli(home, ['--log-level', 'info', 'call', 'chatty', '--watch', ...CLI_SERVER]);
    const logs = eventsOf(result.stdout).filter((event) => event['kind'] === 'log');
    expect(logs).toEqual([jasmine.objectContaining({ level: 'warning', logger: 'cli-server', data: 'careful now', method: 'notifications/message' })]);
  });

  it('--timeout is the silence allowed between progress reports: a long call that reports progress goes through', async () => {
    const result = await cli(home, ['--timeout', '500', 'call', 'slow', 'steps=5', 'delayMs=200', ...CLI_SERVER]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toBe('done after 5\n');
  });

  it('--timeout fails a call that stays silent longer, and --max-total caps a call whatever its progress', async () => {
    const silent = errorOf(await cli(home, ['--json', '--timeout', '150', 'call', 'slow', 'steps=2', 'delayMs=400', ...CLI_SERVER]));
    expect(silent).toEqual(jasmine.objectContaining({ step: 'timeout', exitCode: 1 }));
    expect(silent.message).toMatch(/tools\/call timed out \((first|idle): 150 ms\)/);
    const capped = errorOf(await cli(home, ['--json', '--max-total', '300', 'call', 'slow', 'steps=10', 'delayMs=50', ...CLI_SERVER]));
    expect(capped.message).toMatch(/tools\/call timed out \(total: 300 ms\)/);
  });

  for (const protocol of ['modern', 'legacy']) {
    it(`Ctrl-C cancels the call on the wire and exits 130 (${protocol})`, async () => {
      const marker = join(home.path, `cancelled-${protocol}`);
      const interrupt = new AbortController();
      const stderr = liveStream();
      const running = cli(home, ['--protocol', protocol, '--verbose', '-e', `CANCEL_MARKER=${marker}`, 'call', 'slow', 'steps=100', 'delayMs=50', ...CLI_SERVER], { signal: interrupt.signal, stderr });
      await stderr.until(/slow: step 2/);
      interrupt.abort();
      const result = await running;
      expect(result.exitCode).toBe(130);
      expect(stderr.text()).toContain('"method":"notifications/cancelled"');
      expect(stderr.text()).toContain('the call of slow was cancelled');
      expect(existsSync(marker) ? readFileSync(marker, 'utf8') : 'no marker').toBe('cancelled: Request cancelled by the client');
    });
  }

  it('--json keeps stdout to the one result, even for a call with progress and logs', async () => {
    const result = await cli(home, ['--json', '--log-level', 'debug', 'call', 'slow', 'steps=2', 'delayMs=10', ...CLI_SERVER]);
    expect(jsonOf(result)['content']).toEqual([{ type: 'text', text: 'done after 2' }]);
    expect(result.stderr).toBe('');
  });
});
