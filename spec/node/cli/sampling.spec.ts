import '../../helpers/model-server.js';
import { scriptModel } from '../../helpers/model-server-urls.js';
import { EXAMPLE_STDIO, cli, liveStream, tempHome, type TempHome } from './helpers.js';


describe('rxmcp and the server asking for a model (sampling)', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(async () => home.remove());

  for (const protocol of ['modern', 'legacy']) {
    it(`--sampling accept runs the server's request through OPENAI_BASE_URL and OPENAI_MODEL (${protocol})`, async () => {
      const model = await scriptModel([{ content: 'A short summary.' }]);
      const env = { OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'scripted-model' };
      const result = await cli(home, ['--protocol', protocol, '--sampling', 'accept', 'call', 'summarize', 'text=a long text', ...EXAMPLE_STDIO], { env });
      expect(result.exitCode).withContext(result.stderr).toBe(0);
      expect(result.stdout).toContain('A short summary.');
      const [request] = await model.requests();
      expect(request?.body.model).toBe('scripted-model');
    });
  }

  it('--sampling decline answers the server that the user refused, sending nothing to the model', async () => {
    const model = await scriptModel([{ content: 'never sent' }]);
    const env = { OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'scripted-model' };
    const result = await cli(home, ['--sampling', 'decline', 'call', 'summarize', 'text=x', ...EXAMPLE_STDIO], { env });
    expect(result.stdout + result.stderr).toMatch(/reject|declin|refus/i);
    expect(await model.requests()).toEqual([]);
  });

  it('asks at the terminal before anything reaches the model', async () => {
    const model = await scriptModel([{ content: 'Approved summary.' }]);
    const env = { OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'scripted-model' };
    const stderr = liveStream();
    const result = await cli(home, ['call', 'summarize', 'text=hello there', ...EXAMPLE_STDIO], { env, interactive: true, stdin: 'y\n', stderr });
    expect(result.exitCode).withContext(stderr.text()).toBe(0);
    expect(stderr.text()).toContain('The server asks the model scripted-model');
    expect(stderr.text()).toContain('hello there');
    expect(result.stdout).toContain('Approved summary.');
  });

  it('offers no sampling without OPENAI_BASE_URL (the capability is not advertised)', async () => {
    const result = await cli(home, ['--verbose', '--sampling', 'accept', 'call', 'summarize', 'text=x', ...EXAMPLE_STDIO], { env: { OPENAI_BASE_URL: undefined } });
    expect(result.stderr).not.toMatch(/clientCapabilities":\{[^}]*sampling/);
  });
});
