// The docker transport against a real Docker engine: a local image (node and two servers, no registry), containers
// with no network (`--network none`), both protocol eras. Without an engine these specs are pending, with the reason.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstValueFrom, lastValueFrom, take, toArray } from 'rxjs';
import { createClient, type Client, type ProtocolMode } from '../../src/index.js';
import { docker, type DockerOptions } from '../../src/node/index.js';
import { CONTAINER_SPEC_MS, containersNamed, dockerCli, IMAGE_SERVERS, imageOrPending, inContainer, specName } from '../helpers/docker-engine.js';
import { until } from '../helpers/until.js';

const ERAS: readonly { readonly protocol: ProtocolMode; readonly version: string }[] = [
  { protocol: 'legacy', version: '2025-11-25' },
  { protocol: 'modern', version: '2026-07-28' },
];

interface Inspected {
  readonly Config: { readonly Env: readonly string[] };
  readonly Mounts: readonly { readonly Source: string; readonly Destination: string; readonly RW: boolean }[];
}

describe('docker against a real engine', () => {
  let image: string;
  let work: string;
  let client: Client | undefined;

  beforeEach(async () => {
    image = await imageOrPending();
    mkdirSync('.tmp', { recursive: true });
    work = mkdtempSync(join(process.cwd(), '.tmp', 'docker-engine-'));
  }, 120_000);

  afterEach(() => {
    client?.close();
    client = undefined;
    rmSync(work, { recursive: true, force: true });
  });

  for (const era of ERAS) {
    describe(`(${era.protocol}, ${era.version})`, () => {
      const connectTo = (options: DockerOptions): Client =>
        (client = createClient(docker(options), { protocol: era.protocol, reconnect: false, timeout: { firstMs: 20_000 } }));

      it('connects to the example server in a container, lists its tools and calls one with progress', async () => {
        const connected = connectTo(inContainer(image));
        const server = await firstValueFrom(connected.connect());
        expect(server.protocolVersion).toBe(era.version);
        expect(server.serverInfo?.name).toBe('rxmcp-example-server');
        const tools = (await lastValueFrom(connected.listTools())).map((tool) => tool.name);
        expect(tools).toEqual(jasmine.arrayContaining(['add', 'countdown']));
        const events = await lastValueFrom(connected.callToolEvents('countdown', { from: 3, delayMs: 20 }).pipe(toArray()));
        expect(events.filter((event) => event.type === 'progress').map((event) => (event as { progress: number }).progress)).toEqual([1, 2, 3]);
        expect(events.at(-1)?.type).toBe('result');
      }, CONTAINER_SPEC_MS);

      it('cancels a call on the server in the container, which writes its marker into a mounted folder', async () => {
        const connected = connectTo(inContainer(image, { args: [IMAGE_SERVERS.cli], env: { CANCEL_MARKER: '/out/cancelled' }, volumes: [`${work}:/out`] }));
        await lastValueFrom(connected.callToolEvents('slow', { steps: 100, delayMs: 50 }).pipe(take(2)));
        await until(() => existsSync(join(work, 'cancelled')), 5000, 'the server in the container wrote no cancellation marker');
        expect(readFileSync(join(work, 'cancelled'), 'utf8')).toBe('cancelled: Request cancelled by the client');
        const next = await lastValueFrom(connected.callTool('env', { name: 'CANCEL_MARKER' }));
        expect(next.content).toEqual([{ type: 'text', text: '/out/cancelled' }]);
      }, CONTAINER_SPEC_MS);

      it("gives the container's stderr on stderr$, the server's first line from pid 1", async () => {
        const transport = docker(inContainer(image, { args: [IMAGE_SERVERS.cli] }));
        const lines: string[] = [];
        transport.stderr$.subscribe((line) => lines.push(line));
        client = createClient(transport, { protocol: era.protocol, reconnect: false, timeout: { firstMs: 20_000 } });
        await lastValueFrom(client.callTool('slow', { steps: 2, delayMs: 10 }));
        await until(() => lines.includes('slow: step 2'), 3000, () => `stderr$ gave ${JSON.stringify(lines)}`);
        expect(lines).toEqual(jasmine.arrayContaining(['cli-server ready (pid 1)', 'slow: step 1', 'slow: step 2']));
      }, CONTAINER_SPEC_MS);

      it('passes env and volumes as the options say, read-only where asked', async () => {
        writeFileSync(join(work, 'note.txt'), 'from the host');
        const name = specName('mounts');
        const volumes = [{ host: work, container: '/in', readOnly: true }, `${work}:/rw`];
        const connected = connectTo(inContainer(image, { name, args: [IMAGE_SERVERS.cli], env: { GREETING: 'two words', EMPTY: '' }, volumes }));
        const greeting = await lastValueFrom(connected.callTool('env', { name: 'GREETING' }));
        expect(greeting.content).toEqual([{ type: 'text', text: 'two words' }]);
        const [inspected] = JSON.parse(await dockerCli(['inspect', name])) as Inspected[];
        expect(inspected?.Config.Env).toEqual(jasmine.arrayContaining(['GREETING=two words', 'EMPTY=']));
        const mounts = (inspected?.Mounts ?? []).map(({ Source, Destination, RW }) => ({ Source, Destination, RW }));
        expect(mounts).toEqual(jasmine.arrayWithExactContents([
          { Source: work, Destination: '/in', RW: false },
          { Source: work, Destination: '/rw', RW: true },
        ]));
      }, CONTAINER_SPEC_MS);

      it('leaves no container after close()', async () => {
        const name = specName('close');
        const transport = docker(inContainer(image, { name }));
        const spawned = firstValueFrom(transport.processes$);
        client = createClient(transport, { protocol: era.protocol, reconnect: false, timeout: { firstMs: 20_000 } });
        await lastValueFrom(client.callTool('add', { a: 1, b: 2 }));
        expect(await containersNamed(name)).toEqual([name]);
        client.close();
        expect(await firstValueFrom((await spawned).exit$)).toEqual({ exitCode: 0, signal: null });
        expect(await containersNamed(name)).toEqual([]);
      }, CONTAINER_SPEC_MS);
    });
  }
});
