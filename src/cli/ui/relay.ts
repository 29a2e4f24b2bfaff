// One WebSocket from the page, one server process: the page's frames go to the process's stdin, its stdout's
// messages come back as text frames (the MCP WebSocket subprotocol: one JSON-RPC message per frame). A new socket
// (the page reconnecting) spawns a new process; a closed socket ends its process.
import { Subject, Subscription } from 'rxjs';
import type { WebSocket } from 'ws';
import { commandTransport, type CommandServer } from '../../node/registry.js';
import type { OutboundFrame } from '../../transport/types.js';

/** A server the backend may spawn: from its command line, a configuration file it read, or (`--allow-spawn`) the page. */
export interface Launchable {
  /** For the log: the configured name or the command line. */
  readonly label: string;
  readonly server: CommandServer;
  /** Pass the whole environment (`--inherit-env`), not only the usual variables. */
  readonly inheritEnv: boolean;
}

/** A running relay. */
export interface Relay {
  /** Ends the relay: the process gets its stdin closed, then SIGTERM, then SIGKILL. */
  stop(): void;
  /** Whether its process is still running. */
  alive(): boolean;
}

/** Close codes the page's client reconnects after (anything but 1000 is an error to it). */
const SERVER_EXITED = 1011;
const SERVER_ENDED = 1001;
const BINARY_FRAME = 1003;

/** A WebSocket close reason: at most 123 bytes. */
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 120);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Forwards the socket's text frames as outbound frames; a binary frame closes the socket (MCP sends text). */
function pageFrames(socket: WebSocket, log: (line: string) => void): Subject<OutboundFrame> {
  const outbound = new Subject<OutboundFrame>();
  socket.on('message', (data, isBinary) => {
    if (isBinary) return socket.close(BINARY_FRAME, 'MCP sends one JSON-RPC message per text frame');
    const message = parsed(String(data));
    if (message === undefined || message === null || typeof message !== 'object') return log('dropped a frame from the page that is not a JSON-RPC message');
    outbound.next({ message: message as OutboundFrame['message'] });
  });
  return outbound;
}

/**
 * Relays `socket` to a new process of `launch` until either ends: the process's exit closes the socket with 1011
 * (the page reconnects, which spawns anew), the socket's close ends the process (stdin closed, then SIGTERM, then
 * SIGKILL). Logs the spawned pid and the exit.
 */
export function relayToProcess(socket: WebSocket, launch: Launchable, log: (line: string) => void): Relay {
  const transport = commandTransport(launch.server, { inheritEnv: launch.inheritEnv, closeGraceMs: 1000, termGraceMs: 1000 });
  const outbound = pageFrames(socket, log);
  const relay = new Subscription();
  relay.add(transport.processes$.subscribe((process) => log(`spawned ${launch.label} (pid ${process.pid})`)));
  relay.add(transport.stderr$.subscribe((line) => log(`[${launch.label}] ${line}`)));
  relay.add(
    transport.connect(outbound).subscribe({
      next: (frame) => {
        if (frame.message !== undefined) socket.send(JSON.stringify(frame.message));
        else if (frame.malformed !== undefined) log(`[${launch.label}] not a message: ${frame.malformed.reason}`);
      },
      error: (error: unknown) => {
        log(`${launch.label} ended: ${reasonOf(error)}`);
        socket.close(SERVER_EXITED, reasonOf(error));
      },
      complete: () => {
        log(`${launch.label} ended`);
        socket.close(SERVER_ENDED, 'the server ended');
      },
    }),
  );
  socket.once('close', () => relay.unsubscribe());
  return { stop: () => relay.unsubscribe(), alive: () => transport.health().alive };
}
