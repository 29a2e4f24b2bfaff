import { Writable } from 'node:stream';
import { lastValueFrom, map, range, timeout, toArray } from 'rxjs';
import { LineWriter } from '../../src/node/internal/line-writer.js';
import { stdio } from '../../src/node/stdio.js';
import type { OutboundFrame } from '../../src/transport/types.js';
import { fixtureServer } from '../fixtures/servers/paths.js';

const REQUESTS = 2000;
const PADDING = 'p'.repeat(1024);

describe('stdio backpressure', () => {
  let warnings: Error[];
  const onWarning = (warning: Error): void => {
    warnings.push(warning);
  };

  beforeEach(() => {
    warnings = [];
    process.on('warning', onWarning);
  });

  afterEach(() => {
    process.off('warning', onWarning);
  });

  it('delivers 2000 requests in flight to a slow-reading server, in order, without a listener per write', async () => {
    const transport = stdio({ command: process.execPath, args: [fixtureServer('slow-reader')] });
    const outbound$ = range(0, REQUESTS).pipe(
      map((id): OutboundFrame => ({ message: { jsonrpc: '2.0', id, method: 'ping', params: { padding: PADDING } } })),
    );
    const frames = await lastValueFrom(transport.connect(outbound$).pipe(toArray(), timeout(15000)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(frames.length).toBe(REQUESTS);
    expect(frames.map((frame) => (frame.message as { id: number }).id)).toEqual([...Array(REQUESTS).keys()]);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});

describe('LineWriter', () => {
  function slowStream(received: string[]): Writable {
    return new Writable({
      highWaterMark: 256,
      decodeStrings: false,
      write(chunk: string, _encoding, callback) {
        received.push(chunk);
        setImmediate(callback);
      },
    });
  }

  it('queues lines while the stream is full and flushes them on one drain listener, in order', async () => {
    const received: string[] = [];
    const stream = slowStream(received);
    const writer = new LineWriter(stream);
    let mostDrainListeners = 0;
    let mostQueued = 0;
    for (let line = 0; line < REQUESTS; line += 1) {
      writer.write(`line ${line} ${'x'.repeat(100)}\n`);
      mostDrainListeners = Math.max(mostDrainListeners, stream.listenerCount('drain'));
      mostQueued = Math.max(mostQueued, writer.queued);
    }
    const finished = new Promise((resolve) => stream.once('finish', resolve));
    writer.end();
    await finished;
    expect(mostQueued).toBeGreaterThan(REQUESTS / 2);
    expect(mostDrainListeners).toBe(1);
    expect(writer.queued).toBe(0);
    expect(received.length).toBe(REQUESTS);
    expect(received.every((chunk, index) => chunk.startsWith(`line ${index} `))).toBeTrue();
  });

  it('drops queued lines and ends the stream at once on close()', async () => {
    const received: string[] = [];
    const stream = slowStream(received);
    const writer = new LineWriter(stream);
    for (let line = 0; line < 100; line += 1) writer.write(`line ${line} ${'x'.repeat(100)}\n`);
    const finished = new Promise((resolve) => stream.once('finish', resolve));
    writer.close();
    writer.write('after close\n');
    await finished;
    expect(received.length).toBeLessThan(100);
    expect(received).not.toContain('after close\n');
  });
});
