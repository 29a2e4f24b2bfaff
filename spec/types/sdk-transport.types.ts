// Type-level checks (run by `npm run typecheck`): the transport bridges fit the official SDK's Transport types.
import type { Transport as V1Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Transport as V2Transport } from '@modelcontextprotocol/client';
import type { SdkTransport, ToSdkTransport } from '../../src/session/index.js';

type Holds<T extends true> = T;
type Assignable<From, To> = [From] extends [To] ? true : false;

export type SdkTransportChecks = [
  Holds<Assignable<V1Transport, SdkTransport>>,
  Holds<Assignable<V2Transport, SdkTransport>>,
  Holds<Assignable<ToSdkTransport, V1Transport>>,
  Holds<Assignable<ToSdkTransport, V2Transport>>,
];
