// `npm run agent` (examples/agent-loop.ts) against the scripted model server (each provider API) or its own scripted
// model, and the bundled example server.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptModel } from '../helpers/model-server-urls.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RUN_MS = 30_000;

interface Run {
  readonly code: number | null;
  readonly output: string;
}

/** The environment of a run: no model variables of the machine, only those given. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  const names = ['OPENAI_BASE_URL', 'OPENAI_MODEL', 'OPENAI_API_KEY', 'OPENAI_API', 'ANTHROPIC_BASE_URL', 'ANTHROPIC_MODEL', 'ANTHROPIC_API_KEY', 'AGENT_PROVIDER', 'AGENT_STREAM', 'AGENT_APPROVE'];
  for (const name of names) delete env[name];
  return { ...env, ...extra };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, onOutput?: (output: string, kill: () => void) => void): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      onOutput?.(output, () => child.kill('SIGINT'));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}

describe('npm run agent', () => {
  it('--help says which variables choose the model and exits 0', async () => {
    const { code, output } = await run(process.execPath, ['--import', 'tsx', 'examples/agent-loop.ts', '--help'], environment({}));
    expect(code).toBe(0);
    for (const name of ['OPENAI_BASE_URL', 'OPENAI_MODEL', 'OPENAI_API', 'ANTHROPIC_API_KEY', 'ANTHROPIC_MODEL', 'AGENT_STREAM']) expect(output).toContain(name);
  }, RUN_MS);

  it('without the model variables runs against a scripted model on 127.0.0.1 and streams the turn to the terminal', async () => {
    const { code, output } = await run('npm', ['run', '--silent', 'agent'], environment({}));
    expect(code).withContext(output).toBe(0);
    expect(output).toMatch(/model: a scripted model at http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(output).toContain('← add (result): 42');
    expect(output).toContain('(the tool list changed:');
    expect(output).toContain('← bonus (result): Bonus!');
    expect(output).toContain('  model: 17 + 25 = 42, and the bonus tool that appeared said Bonus!');
    expect(output).toMatch(/done \(stop, 4 turns, tokens \d+ in \/ \d+ out\)/);
  }, RUN_MS);

  it('runs a task against the OPENAI_* model, streamed: tool calls, a tool-list change mid-run, the answer', async () => {
    const script = await scriptModel([
      { toolCalls: [{ name: 'add', arguments: { a: 17, b: 25 } }] },
      { toolCalls: [{ name: 'toggle_tool', arguments: {} }] },
      { toolCalls: [{ name: 'bonus', arguments: {} }] },
      { content: '17 + 25 = 42, and the bonus tool said Bonus!' },
    ]);
    const env = environment({ OPENAI_BASE_URL: script.baseUrl, OPENAI_MODEL: 'scripted', OPENAI_API_KEY: 'sk-example', AGENT_APPROVE: 'all' });
    const { code, output } = await run('npm', ['run', '--silent', 'agent', '--', 'Add 17 and 25, then use the bonus tool'], env);
    expect(code).withContext(output).toBe(0);
    expect(output).toContain('← add (result): 42');
    expect(output).toContain('(the tool list changed:');
    expect(output).toContain('← bonus (result): Bonus!');
    expect(output).toContain('  model: 17 + 25 = 42, and the bonus tool said Bonus!');
    expect(output).toContain('done (stop, 4 turns, tokens 44 in / 28 out)');
    const requests = await script.requests();
    expect(requests.map((request) => [request.api, request.body.stream])).toEqual(Array(4).fill(['chat', true]));
    expect(requests[0]?.authorization).toBe('Bearer sk-example');
    expect(requests[0]?.body.messages.at(-1)).toEqual({ role: 'user', content: 'Add 17 and 25, then use the bonus tool' });
    expect(requests.map((request) => (request.body.tools ?? []).some((tool) => tool.function.name === 'bonus'))).toEqual([false, false, true, true]);
  }, RUN_MS);

  for (const [label, extra, api] of [
    ['ANTHROPIC_* (Anthropic Messages)', { ANTHROPIC_API_KEY: 'sk-ant', ANTHROPIC_MODEL: 'claude-scripted' }, 'anthropic'],
    ['OPENAI_API=responses (OpenAI Responses)', { OPENAI_API_KEY: 'sk-example', OPENAI_API: 'responses' }, 'responses'],
  ] as const) {
    it(`takes the model from ${label}, not streamed with AGENT_STREAM=0`, async () => {
      const script = await scriptModel([{ toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }, { content: 'It is 3.' }]);
      const base: Record<string, string> = { [api === 'anthropic' ? 'ANTHROPIC_BASE_URL' : 'OPENAI_BASE_URL']: script.baseUrl };
      const { code, output } = await run(process.execPath, ['--import', 'tsx', 'examples/agent-loop.ts', 'add 1 and 2'], environment({ ...base, ...extra, AGENT_STREAM: '0' }));
      expect(code).withContext(output).toBe(0);
      expect(output).toContain('← add (result): 3');
      expect(output).toContain('  model: It is 3.');
      const requests = await script.requests();
      expect(requests.map((request) => [request.api, request.body.stream ?? false])).toEqual([[api, false], [api, false]]);
      expect(api === 'anthropic' ? requests[0]?.apiKey : requests[0]?.authorization).toBe(api === 'anthropic' ? 'sk-ant' : 'Bearer sk-example');
    }, RUN_MS);
  }

  it('a call that is not read-only is denied without a terminal unless AGENT_APPROVE=all', async () => {
    const script = await scriptModel([{ toolCalls: [{ id: 'c1', name: 'bump', arguments: {} }] }, { content: 'Not allowed.' }]);
    const { code, output } = await run(process.execPath, ['--import', 'tsx', 'examples/agent-loop.ts', 'bump it'], environment({ OPENAI_BASE_URL: script.baseUrl, OPENAI_MODEL: 'm' }));
    expect(code).withContext(output).toBe(0);
    expect(output).toContain('← bump (denied)');
    expect((await script.requests())[1]?.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'Error: The user denied this tool call; it was not run.' });
  }, RUN_MS);

  it('Ctrl-C cancels the tool call in flight on the wire', async () => {
    const script = await scriptModel([{ toolCalls: [{ name: 'countdown', arguments: { from: 100, delayMs: 50 } }] }, { content: 'never' }]);
    const env = environment({ OPENAI_BASE_URL: script.baseUrl, OPENAI_MODEL: 'm', AGENT_APPROVE: 'all' });
    let interrupted = false;
    const { code, output } = await run(process.execPath, ['--import', 'tsx', 'examples/agent-loop.ts'], env, (text, kill) => {
      if (!interrupted && text.includes('2/100')) {
        interrupted = true;
        kill();
      }
    });
    expect(code).withContext(output).toBe(130);
    expect(output).toContain('cancelling…');
    expect(output).toMatch(/→ \{"jsonrpc":"2.0","method":"notifications\/cancelled","params":\{"requestId":\d+/);
    expect(output).not.toContain('100/100');
    expect((await script.requests()).length).toBe(1);
  }, RUN_MS);
});
