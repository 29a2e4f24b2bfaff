// The docker transport's failures against a real Docker engine: a container killed mid-call, the reconnect that
// follows, an image the engine does not have, and no engine at all (this last one needs no engine).
import { firstValueFrom, lastValueFrom, NEVER, take, timeout, toArray } from 'rxjs';
import { createClient, type Client, type ProtocolMode } from '../../src/index.js';
import {
  ContainerExitError,
  docker,
  DOCKER_RUN_FAILED_EXIT_CODE,
  DockerEngineUnavailableError,
  DockerImageNotFoundError,
  ProcessExitError,
} from '../../src/node/index.js';
import { CONTAINER_SPEC_MS, containersNamed, dockerCli, IMAGE_SERVERS, imageOrPending, inContainer, specName } from '../helpers/docker-engine.js';
import { until } from '../helpers/until.js';

const ERAS: readonly ProtocolMode[] = ['legacy', 'modern'];

/** How a promise settled: its value, or the error it rejected with. */
function settled<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then((value) => ({ value }), (error: unknown) => ({ error }));
}

describe('docker against a real engine, when things fail', () => {
  let client: Client | undefined;

  afterEach(() => {
    client?.close();
    client = undefined;
  });

  for (const protocol of ERAS) {
    describe(`(${protocol})`, () => {
      it('fails every call in flight with ContainerExitError naming the container and its exit when the container is killed', async () => {
        const image = await imageOrPending();
        const name = specName('kill');
        client = createClient(docker(inContainer(image, { name, args: [IMAGE_SERVERS.cli] })), { protocol, reconnect: false, timeout: { firstMs: 20_000 } });
        const calls = [1, 2, 3].map(() => settled(lastValueFrom(client!.callTool('slow', { steps: 200, delayMs: 50 }))));
        await lastValueFrom(client.callToolEvents('slow', { steps: 200, delayMs: 50 }).pipe(take(2), toArray()));
        await dockerCli(['kill', name]);
        for (const outcome of await Promise.all(calls)) {
          const error = outcome.error as ContainerExitError;
          expect(ContainerExitError.is(error)).withContext(String(error)).toBeTrue();
          expect(ProcessExitError.is(error)).toBeTrue();
          expect(error.container).toBe(name);
          expect(error.image).toBe(image);
          expect(error.exitCode).toBe(137);
          expect(error.containerSignal).toBe('SIGKILL');
          expect(error.message.startsWith(`Docker container "${name}" (image "${image}") was killed by SIGKILL (exit code 137)`)).withContext(error.message).toBeTrue();
        }
        await until(async () => (await containersNamed(name)).length === 0, 5000, `container ${name} is still there`);
      }, CONTAINER_SPEC_MS);

      it('starts a fresh container when the client reconnects after the container was killed', async () => {
        const image = await imageOrPending();
        client = createClient(docker(inContainer(image)), { protocol, reconnect: { initialDelayMs: 50, maxDelayMs: 200 }, timeout: { firstMs: 20_000 } });
        const live = client.tools$.subscribe();
        try {
          await firstValueFrom(client.connect());
          const [first] = await containersNamed('rxmcp-');
          expect(first).toMatch(/^rxmcp-[0-9a-f]{12}$/);
          await dockerCli(['kill', first as string]);
          await until(async () => {
            const now = await containersNamed('rxmcp-');
            return now.length === 1 && now[0] !== first;
          }, 10_000, 'no fresh container started');
          const sum = await lastValueFrom(client.callTool('add', { a: 2, b: 3 }));
          expect(sum.structuredContent).toEqual({ sum: 5 });
          const [second] = await containersNamed('rxmcp-');
          expect(second).not.toBe(first as string);
        } finally {
          live.unsubscribe();
        }
      }, CONTAINER_SPEC_MS);
    });
  }

  it('removes a container that outlives a forced shutdown (its server ignores the end of stdin and SIGTERM)', async () => {
    const image = await imageOrPending();
    const name = specName('stubborn');
    const transport = docker(inContainer(image, { name, args: ['-e', 'setInterval(() => {}, 1000)'], closeGraceMs: 100, termGraceMs: 300 }));
    const spawned = firstValueFrom(transport.processes$);
    const connection = transport.connect(NEVER).subscribe({ error: () => undefined });
    await until(async () => (await containersNamed(name)).length === 1, 10_000, `container ${name} did not start`);
    connection.unsubscribe();
    expect(await firstValueFrom((await spawned).exit$.pipe(timeout(5000)))).toEqual({ exitCode: null, signal: 'SIGKILL' });
    await until(async () => (await containersNamed(name)).length === 0, 10_000, `container ${name} is still there`);
  }, CONTAINER_SPEC_MS);

  it('fails with DockerImageNotFoundError naming the image when the engine does not have it', async () => {
    const image = await imageOrPending();
    const missing = `${image.split(':')[0] ?? 'rxmcp-spec/servers'}:never-built`;
    const name = specName('missing');
    client = createClient(docker({ image: missing, name, runArgs: ['--network', 'none', '--pull', 'never'] }), { reconnect: false, timeout: { firstMs: 20_000 } });
    const outcome = await settled(firstValueFrom(client.connect()));
    const error = outcome.error as DockerImageNotFoundError;
    expect(DockerImageNotFoundError.is(error)).withContext(String(error)).toBeTrue();
    expect(error.image).toBe(missing);
    expect(error.container).toBe(name);
    expect(error.exitCode).toBe(DOCKER_RUN_FAILED_EXIT_CODE);
    expect(error.message).toContain(`Docker image "${missing}" is not available (container "${name}" never started): `);
    expect(error.message).toMatch(/No such image/i);
  }, CONTAINER_SPEC_MS);

  it('fails with DockerEngineUnavailableError when no engine answers at DOCKER_HOST', async () => {
    const name = specName('no-engine');
    const dockerEnv = { DOCKER_HOST: 'unix:///nonexistent/docker.sock', DOCKER_CONTEXT: undefined };
    client = createClient(docker({ image: 'rxmcp-spec/servers:any', name, dockerEnv }), { reconnect: false, timeout: { firstMs: 20_000 } });
    const outcome = await settled(firstValueFrom(client.connect()));
    const error = outcome.error as DockerEngineUnavailableError;
    expect(DockerEngineUnavailableError.is(error)).withContext(String(error)).toBeTrue();
    expect(DockerImageNotFoundError.is(error)).toBeFalse();
    expect(error.container).toBe(name);
    expect(error.exitCode).toBe(DOCKER_RUN_FAILED_EXIT_CODE);
    expect(error.message).toContain(`No Docker engine answers, so container "${name}" (image "rxmcp-spec/servers:any") never started: `);
    expect(error.message).toContain('/nonexistent/docker.sock');
  }, CONTAINER_SPEC_MS);
});
