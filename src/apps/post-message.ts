import { Observable } from 'rxjs';
import type { InboundFrame, Transport } from '../transport/types.js';

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
 * JSON-RPC over `postMessage` as an rxmcp `Transport`: subscribing listens for `message` events and posts the
 * outbound frames to the target window, unsubscribing stops both. A message counts only when it comes from the
 * target window and from its origin; anything else on the window's message channel is ignored, never parsed.
 *
 * `connect(outbound$)`: **Temperature:** cold. **Emits:** each message of the target window. **Completes:** never
 * by itself. **Errors:** never. **Teardown:** removes the listener and stops sending.
 * @example
 * ```ts
 * import { postMessageTransport } from 'rxmcp/apps';
 * import { createSession } from 'rxmcp/session';
 *
 * const frame = document.querySelector('iframe')!;
 * const session = createSession(postMessageTransport({ target: () => frame.contentWindow, origin: 'https://sandbox.example.com' }));
 * session.notifications$.subscribe((note) => console.log(note.method));
 * ```
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
