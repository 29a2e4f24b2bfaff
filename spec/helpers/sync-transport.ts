import { Observable } from 'rxjs';
import type { Transport } from '../../src/index.js';
import type { JsonRpcMessage } from '../../src/protocol/index.js';
import type { InboundFrame, OutboundFrame } from '../../src/session/index.js';
import { res } from '../../src/testing/index.js';

/**
 * A transport that answers every request synchronously, inside the write: `answer` builds the reply (default: a
 * result echoing the method). Used to prove that nothing is lost when a reply arrives before `write` returns.
 */
export function synchronousTransport(answer?: (request: { id: number; method: string }) => JsonRpcMessage): Transport {
  return {
    kind: 'sync',
    connect: (outbound$: Observable<OutboundFrame>) =>
      new Observable<InboundFrame>((subscriber) =>
        outbound$.subscribe((frame) => {
          const message = frame.message as { id?: number; method?: string };
          if (message.id === undefined || message.method === undefined) return;
          const request = { id: message.id, method: message.method };
          subscriber.next({ message: answer ? answer(request) : res(request.id, { echoed: request.method }) });
        }),
      ),
  };
}
