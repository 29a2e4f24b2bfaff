// Malformed frames with 100 calls in flight, on stdio, Streamable HTTP (2025 and 2026-07-28 shapes, the frames on
// the victim's event stream) and HTTP+SSE: the session survives, every frame is reported on `diagnostics$`, and
// only the call a frame answers fails.
import { firstValueFrom, timeout } from 'rxjs';
import { createClient, legacySse, type Client, type DiagnosticKind } from '../../../src/index.js';
import type { StdioProcess } from '../../../src/node/index.js';
import { CALLS, echoed, errorNamed, failedTyped, hundredCalls, problems, startCalls, PROMPTLY_MS } from '../../helpers/faults/calls.js';
import { connected, FAULT_CLIENT_OPTIONS, nextCallProblem, recordDiagnostics } from '../../helpers/faults/client.js';
import { HTTP_ENGINES, type HttpEngine } from '../../helpers/faults/engines.js';
import { httpFaultServer, runId, stdioFaultServer, type HttpFaultServer } from '../../helpers/faults/fault-server.js';

const SPEC_MS = 15_000;

/** Each malformed-frame fault, and the diagnostic it must cause. */
const KINDS: Readonly<Record<string, DiagnosticKind>> = {
  'not-json': 'malformed-frame',
  'not-object': 'invalid-message',
  'wrong-jsonrpc': 'invalid-message',
  'unknown-id': 'unknown-response',
  'result-and-error': 'invalid-message',
  'error-without-code': 'invalid-message',
  'empty-batch': 'empty-batch',
  garbage: 'malformed-frame',
};

/** The frames that are the victim's (invalid) answer: the victim fails at once with a typed protocol error. */
const ANSWERS_VICTIM = new Set(['result-and-error', 'error-without-code']);

interface Started {
  readonly client: Client;
  faultAt(): Promise<number>;
  /** A problem when the connection did not survive (a second process, a second session). */
  survived(): Promise<string | undefined>;
  stop(): Promise<void>;
}

interface Family {
  readonly label: string;
  start(kind: string): Promise<Started>;
}

let http: HttpFaultServer | undefined;
const httpServer = (): HttpFaultServer => {
  if (http === undefined) throw new Error('the HTTP fault server is not running');
  return http;
};

const stdioFamily: Family = {
  label: 'stdio',
  start: async (kind) => {
    const server = stdioFaultServer({ fault: kind, after: CALLS, tool: 'victim' });
    const processes: StdioProcess[] = [];
    server.transport.processes$.subscribe((spawned) => processes.push(spawned));
    const client = createClient(server.transport, FAULT_CLIENT_OPTIONS);
    return {
      client,
      faultAt: () => server.faultAt(),
      survived: async () => (processes.length === 1 ? undefined : `${processes.length} processes were spawned`),
      stop: async () => {
        client.close();
        await Promise.all(processes.map((p) => firstValueFrom(p.exit$.pipe(timeout(2000))).catch(() => undefined)));
        server.cleanUp();
      },
    };
  },
};

function httpFamily(label: string, shape: '2025' | '2026' | 'legacy', engine?: HttpEngine): Family {
  return {
    label,
    start: async (kind) => {
      const run = runId(`${shape}-${kind}`);
      const url = httpServer().url(run, { shape, fault: kind, after: CALLS, tool: 'victim' });
      const client = createClient(shape === 'legacy' || engine === undefined ? legacySse(url) : engine.streamableHttp(url), FAULT_CLIENT_OPTIONS);
      return {
        client,
        faultAt: () => httpServer().faultAt(run),
        survived: async () => {
          const { initializes, log } = await httpServer().report(run);
          if (shape === '2026') {
            // No initialize on 2026-07-28: the connection is the one server/discover that opened it.
            const discovers = log.filter((entry) => entry.rpc === 'server/discover').length;
            if (initializes !== 0) return `the client initialized ${initializes} times`;
            return discovers === 1 ? undefined : `the client sent server/discover ${discovers} times`;
          }
          return initializes === 1 ? undefined : `the client initialized ${initializes} times`;
        },
        stop: async () => client.close(),
      };
    },
  };
}

const FAMILIES: readonly Family[] = [
  stdioFamily,
  ...HTTP_ENGINES.flatMap((engine) => [
    httpFamily(`Streamable HTTP, 2025 shape (${engine.name})`, '2025', engine),
    httpFamily(`Streamable HTTP, 2026-07-28 shape (${engine.name})`, '2026', engine),
  ]),
  httpFamily('HTTP+SSE (2024-11-05)', 'legacy'),
];

describe('malformed frames with 100 calls in flight', () => {
  beforeAll(async () => (http = await httpFaultServer()));

  for (const family of FAMILIES) {
    describe(`on ${family.label}`, () => {
      let started: Started | undefined;
      afterEach(async () => {
        await started?.stop();
        started = undefined;
      });

      for (const [kind, diagnostic] of Object.entries(KINDS)) {
        const victimFails = ANSWERS_VICTIM.has(kind);
        const title = victimFails
          ? `${kind}: fails only the call it answers, at once, with a SchemaError; reported as ${diagnostic}; the rest succeed on the same connection`
          : `${kind}: is reported as ${diagnostic}; all 100 calls succeed on the same connection`;
        it(title, async () => {
          started = await family.start(kind);
          const { client } = started;
          await connected(client);
          const diagnostics = recordDiagnostics(client);
          const since = performance.now();
          const batch = startCalls(hundredCalls(client, { victim: 'victim' }));
          const faultAt = await started.faultAt();
          const outcomes = await batch.settled(3000);
          const victimCheck = victimFails ? failedTyped(faultAt, PROMPTLY_MS, errorNamed('SchemaError')) : echoed(CALLS - 1, faultAt);
          expect(problems(outcomes, (o) => (o.index === CALLS - 1 ? victimCheck(o) : echoed(o.index, faultAt)(o)))).toEqual([]);
          expect(diagnostics.kindsSince(since)).withContext('diagnostics during the calls').toContain(diagnostic);
          expect(await started.survived()).withContext('the connection survived').toBeUndefined();
          expect(await nextCallProblem(client, 3000)).toBeUndefined();
        }, SPEC_MS);
      }
    });
  }
});
