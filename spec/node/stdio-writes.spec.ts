import { NEVER, Observable, Subject, of } from 'rxjs';
import { TransportError } from '../../src/errors/errors.js';
import type { ManagedProcess } from '../../src/node/internal/managed-process.js';
import { processConnection } from '../../src/node/internal/process-connection.js';
import type { OutboundFrame } from '../../src/transport/types.js';

interface Recorded {
  readonly writes: string[];
  ended: boolean;
}

function fakeServer(recorded: Recorded): ManagedProcess {
  const writer = {
    write: (text: string) => recorded.writes.push(text),
    end: () => (recorded.ended = true),
  };
  return {
    spawned$: of(1),
    exit$: NEVER,
    writer,
    launch: { command: 'fake', args: [], env: {} },
    pid: 1,
    stdout: () => new Observable<Uint8Array>(() => undefined),
    stderrTail: () => [],
  } as unknown as ManagedProcess;
}

const frame = (id: number): OutboundFrame => ({ message: { jsonrpc: '2.0', id, method: 'ping' } });
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('stdio writes', () => {
  it('writes the frames of one synchronous burst as one piece, in order, one line each', async () => {
    const recorded: Recorded = { writes: [], ended: false };
    const outbound = new Subject<OutboundFrame>();
    const subscription = processConnection(fakeServer(recorded), outbound, 1024).subscribe();
    for (let id = 0; id < 100; id += 1) outbound.next(frame(id));
    expect(recorded.writes).toEqual([]);
    await nextTurn();
    expect(recorded.writes.length).toBe(1);
    const lines = (recorded.writes[0] ?? '').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => (JSON.parse(line) as { id: number }).id)).toEqual([...Array(100).keys()]);
    outbound.next(frame(100));
    await nextTurn();
    expect(recorded.writes.length).toBe(2);
    subscription.unsubscribe();
  });

  it('writes what is pending before ending stdin when outbound$ completes', () => {
    const recorded: Recorded = { writes: [], ended: false };
    const outbound = new Subject<OutboundFrame>();
    processConnection(fakeServer(recorded), outbound, 1024).subscribe();
    outbound.next(frame(1));
    outbound.complete();
    expect(recorded.writes).toEqual([`${JSON.stringify(frame(1).message)}\n`]);
    expect(recorded.ended).toBeTrue();
  });

  it('writes what is pending when torn down, so a last cancellation still reaches the server', () => {
    const recorded: Recorded = { writes: [], ended: false };
    const outbound = new Subject<OutboundFrame>();
    const subscription = processConnection(fakeServer(recorded), outbound, 1024).subscribe();
    outbound.next(frame(7));
    subscription.unsubscribe();
    expect(recorded.writes).toEqual([`${JSON.stringify(frame(7).message)}\n`]);
  });

  it('fails the connection with a TransportError for a frame that cannot be serialised', () => {
    const recorded: Recorded = { writes: [], ended: false };
    const outbound = new Subject<OutboundFrame>();
    let failure: unknown;
    processConnection(fakeServer(recorded), outbound, 1024).subscribe({ error: (error: unknown) => (failure = error) });
    outbound.next({ message: { jsonrpc: '2.0', id: 1, method: 'x', params: { n: 1n } } as never });
    expect(TransportError.is(failure)).toBeTrue();
    expect(outbound.observed).toBeFalse();
  });
});
