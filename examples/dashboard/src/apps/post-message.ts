import { Observable } from 'rxjs';
import type { Transport } from 'rxmcp';
import type { InboundFrame } from 'rxmcp/session';

/** Options of {@link postMessageTransport}. */
export interface PostMessageOptions {
  /** The window to talk to (an iframe's `contentWindow`, read at each use: it is null until the frame exists). */
  readonly target: () => Window | null;
  /** Its origin: messages go only there, and only messages from there (and from that window) are read. */
  readonly origin: string;
  /** The window whose `message` events are read (default: this one). */
  readonly self?: Window;
}

/**
 * JSON-RPC over `postMessage`, as an rxmcp `Transport` like any other: subscribing listens for `message` events and
 * posts the outbound frames, unsubscribing stops both. A message counts only when it comes from the target window
 * and from its origin; anything else on the page's message channel is ignored, never parsed.
 *
 * `connect(outbound$)`: **Temperature:** cold. **Emits:** each message of the target window. **Completes:** never
 * by itself. **Errors:** never. **Teardown:** removes the listener and stops sending.
 */
export function postMessageTransport(options: PostMessageOptions): Transport {
  const self = options.self ?? window;
  return {
    kind: 'post-message',
    reconnectable: false,
    connect: (outbound$) =>
      new Observable<InboundFrame>((subscriber) => {
        const onMessage = (event: MessageEvent): void => {
          if (event.source !== options.target() || event.origin !== options.origin) return;
          subscriber.next({ message: event.data as unknown });
        };
        self.addEventListener('message', onMessage);
        const sending = outbound$.subscribe((frame) => options.target()?.postMessage(frame.message, options.origin));
        return () => {
          self.removeEventListener('message', onMessage);
          sending.unsubscribe();
        };
      }),
  };
}
