import { ReplaySubject } from 'rxjs';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { InputResponses } from '../protocol/model/mrtr.js';
import type { Params } from '../session/types.js';
import type { ServerProfile } from './builtins.js';
import type { Rule } from './rules.js';
import type { ServerConnection } from './server-connection.js';
import type { RequestHost, TestRequestImpl } from './test-request.js';
import type { ClientView, TestRequest } from './types.js';
import type { Wire, WireConnection, WireShape } from './wire.js';

/** A 2026-07-28 `ask` waiting for the client's retry, by the `requestState` it sent. */
export interface AwaitedRetry {
  readonly request: TestRequestImpl;
  readonly answers: ReplaySubject<InputResponses>;
}

/** A notification the client sent. */
export interface ClientNotification {
  readonly method: string;
  readonly params: Params;
  taken: boolean;
}

/** The controller's state, shared by its parts. */
export interface Core {
  readonly profile: ServerProfile;
  readonly shape: WireShape;
  readonly host: RequestHost;
  readonly wire: Wire;
  readonly links: Map<WireConnection, ServerConnection>;
  /** Every request the kit did not answer by itself, in arrival order. */
  readonly all: TestRequestImpl[];
  /** Requests nothing has taken yet. */
  readonly pending: TestRequestImpl[];
  readonly rules: Rule[];
  readonly retries: Map<string, AwaitedRetry>;
  readonly problems: string[];
  readonly notifications: ClientNotification[];
  readonly requests$: ReplaySubject<TestRequest>;
  client: ClientView | undefined;
  logLevel: LoggingLevel | undefined;
  /** Ids of the server's own requests (`s1`, `s2`, ...) and `requestState` tokens. */
  counter: number;
  /** Takes a request that neither a rule nor a built-in answer took (the replay controller); true when it took it. */
  readonly fallback?: (request: TestRequestImpl) => boolean;
}

/** The state of the client's current connection, while it is open. */
export function currentLink(core: Core): ServerConnection | undefined {
  const wire = core.wire.current();
  return wire === undefined ? undefined : core.links.get(wire);
}
