// The one mapping from what went wrong to what the user is told and how the tool exits. Errors are read for what
// they carry (class names through `is()`, `status`, `cause` chains, system codes), never for their wording, except
// where a platform gives nothing else: as the errors carry more, only this file learns to use it.
import {
  ConnectTimeoutError, McpError, NegotiationError, RequestTimeoutError, RpcError, SchemaError, TransportError, UnsupportedMethodError, type HttpResponseDetails,
} from '../index.js';
import { AuthError } from '../auth/index.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/index.js';
import { ProcessExitError, ProcessSpawnError } from '../node/stdio.js';
import { ConfigError } from '../config/types.js';
import { ArgumentError, InterruptedError, NotFoundError, NotMcpError, UsageError } from './errors.js';
import type { HttpSeen } from './transport.js';
import { tokenChallenge } from '../auth/www-authenticate.js';

/** Exit codes, as the official Inspector's CLI uses them. */
export const EXIT = { ok: 0, usage: 1, auth: 3, unreachable: 4, tool: 5, interrupted: 130 } as const;

/** The step that failed. */
export type FailureStep =
  | 'usage' | 'config' | 'argument' | 'spawn' | 'dns' | 'refused' | 'tls' | 'network' | 'http' | 'auth' | 'negotiate'
  | 'timeout' | 'tool' | 'not-found' | 'server' | 'protocol' | 'interrupted' | 'internal' | 'session' | 'session-dir';

/** What the user is told. */
export interface Failure {
  readonly exitCode: number;
  readonly step: FailureStep;
  readonly message: string;
  readonly hint?: string;
  /** Machine-readable particulars (`status`, `contentType`, `resourceMetadata`, `stderr`, `code`, ...). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** What the tool knew when the error came. */
export interface FailureContext {
  /** `connect`: before the server answered its first request; `request`: afterwards. */
  readonly phase: 'setup' | 'connect' | 'request';
  readonly target?: string;
  /** How the server was reached: `auto` tried Streamable HTTP, then HTTP+SSE. */
  readonly transport?: string;
  readonly http?: HttpSeen | undefined;
  /** The last lines the spawned server wrote to stderr. */
  readonly stderr?: readonly string[];
  /** The `resource_metadata` of the last 401 the authorization layer saw. */
  readonly resourceMetadata?: string | undefined;
  /** Where sign-in tokens are kept. */
  readonly tokenFile?: string;
  /** `--protocol` as given (`auto`, `modern`, `legacy` or a revision). */
  readonly protocol?: string;
}

/** Every error of a cause chain (and of `AggregateError` members), outermost first. */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  const pending: unknown[] = [error];
  while (pending.length > 0 && chain.length < 20) {
    const next = pending.shift();
    if (next === undefined || next === null || chain.includes(next)) continue;
    chain.push(next);
    if (typeof next === 'object') {
      pending.push((next as { cause?: unknown }).cause);
      const members = (next as { errors?: unknown }).errors;
      if (Array.isArray(members)) pending.push(...members);
    }
  }
  return chain;
}

/** The system error codes (`ECONNREFUSED`, `ENOTFOUND`, `ERR_SSL_…`) in a cause chain. */
export function systemCodes(error: unknown): string[] {
  const codes = causeChain(error).flatMap((item) => {
    const code = (item as { code?: unknown }).code;
    return typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code) ? [code] : [];
  });
  return [...new Set(codes)];
}

const TLS = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO|ERR_OSSL)/;
const DNS = ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL'];
const NETWORK = ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT'];

function hostOf(target: string | undefined): string {
  try {
    return new URL(target ?? '').host;
  } catch {
    return target ?? 'the server';
  }
}

function networkFailure(error: unknown, context: FailureContext): Failure | undefined {
  const codes = systemCodes(error);
  const where = context.target ?? 'the server';
  const detail = { code: codes[0] };
  if (codes.some((code) => DNS.includes(code))) {
    return { exitCode: EXIT.unreachable, step: 'dns', message: `Cannot resolve ${hostOf(where)}: no such host (${codes.join(', ')})`, hint: 'Check the host name in the URL', details: detail };
  }
  if (codes.includes('ECONNREFUSED')) {
    return { exitCode: EXIT.unreachable, step: 'refused', message: `Connection refused by ${hostOf(where)} (ECONNREFUSED)`, hint: 'Is the server running, and on this port?', details: detail };
  }
  const tls = codes.find((code) => TLS.test(code));
  if (tls !== undefined) {
    return { exitCode: EXIT.unreachable, step: 'tls', message: `TLS handshake with ${hostOf(where)} failed (${tls})`, hint: tls === 'ERR_SSL_WRONG_VERSION_NUMBER' ? 'The server may speak plain http, not https' : 'Check the server certificate', details: detail };
  }
  const network = codes.find((code) => NETWORK.includes(code));
  if (network !== undefined) return { exitCode: EXIT.unreachable, step: 'network', message: `Network failure talking to ${hostOf(where)} (${network})`, details: detail };
  if (causeChain(error).some((item) => item instanceof Error && item.message === 'bad port')) {
    return { exitCode: EXIT.unreachable, step: 'network', message: `fetch refuses the port of ${where} (a port browsers block)`, hint: 'Use another port' };
  }
  return undefined;
}

function resourceMetadataOf(error: TransportError): string | undefined {
  const details = error.cause as Partial<HttpResponseDetails> | undefined;
  const header = typeof details?.headers?.get === 'function' ? details.headers.get('www-authenticate') : null;
  return tokenChallenge(header)['resource_metadata'];
}

function authFailure(error: McpError, context: FailureContext, status: number | undefined, resourceMetadata: string | undefined): Failure {
  const metadata = resourceMetadata ?? context.resourceMetadata;
  const signIn = AuthError.is(error) && (error as AuthError).reason === 'interaction';
  const message = signIn
    ? `HTTP ${status ?? 401} from ${context.target ?? 'the server'}: it needs you to sign in`
    : status !== undefined && !AuthError.is(error) ? `HTTP ${status} from ${context.target ?? 'the server'}: ${error.message}` : `Authorization failed: ${error.message}`;
  const hint = signIn ? 'Run it on a terminal, or pass --oauth, to sign in in a browser' : metadata === undefined ? undefined : `The server's OAuth metadata: ${metadata}`;
  const details = { status: status ?? (signIn ? 401 : undefined), resourceMetadata: metadata, reason: AuthError.is(error) ? (error as AuthError).reason : undefined, tokenFile: context.tokenFile };
  return { exitCode: EXIT.auth, step: 'auth', message: metadata !== undefined && signIn ? `${message} (resource metadata: ${metadata})` : message, ...(hint === undefined ? {} : { hint }), details };
}

function httpFailure(error: TransportError, context: FailureContext): Failure {
  const status = error.status as number;
  if (status === 401 || status === 403) return authFailure(error, context, status, resourceMetadataOf(error));
  const seen = context.http?.status === status ? context.http : undefined;
  const type = seen?.contentType === undefined ? '' : ` (content type ${seen.contentType})`;
  const hint = status === 404 || status === 405 ? 'Is this the MCP endpoint? It is often /mcp, or /sse for older servers' : undefined;
  const both = context.transport === 'auto' && [400, 404, 405].includes(status);
  const detail = both ? 'neither Streamable HTTP (POST) nor HTTP+SSE (GET) is served there' : error.message.replace(/^HTTP \d+\s*(\w[\w ]*)?:?\s*/, '') || 'no body';
  return {
    exitCode: EXIT.unreachable, step: 'http', message: `HTTP ${status} from ${context.target ?? 'the server'}${type}: ${detail}`,
    ...(hint === undefined ? {} : { hint }), details: { status, contentType: seen?.contentType },
  };
}

function processFailure(error: unknown, context: FailureContext): Failure | undefined {
  if (ProcessSpawnError.is(error)) {
    const spawnError = error as ProcessSpawnError;
    const hint = spawnError.errno === 'ENOENT' ? 'Is the command installed and on PATH (and --cwd an existing folder)?' : spawnError.errno === 'EACCES' ? 'The file is not executable' : undefined;
    return { exitCode: EXIT.unreachable, step: 'spawn', message: spawnError.message, ...(hint === undefined ? {} : { hint }), details: { code: spawnError.errno, command: spawnError.command } };
  }
  if (!ProcessExitError.is(error)) return undefined;
  const exit = error as ProcessExitError;
  const stderr = exit.stderrTail.length > 0 ? exit.stderrTail : context.stderr ?? [];
  const how = exit.signal === null ? `exited with code ${exit.exitCode}` : `was killed by ${exit.signal}`;
  const when = context.phase === 'request' ? '' : ' before it answered';
  const hint = stderr.length === 0 ? { hint: 'It wrote nothing to stderr' } : {};
  const details = { exitCode: exit.exitCode, signal: exit.signal, stderr };
  const kind = (exit.constructor as { kind?: string }).kind;
  if (kind !== ProcessExitError.kind) {
    // A transport's own exit error (Docker's names the container and the image) says it better, and its fields go along.
    return { exitCode: EXIT.unreachable, step: 'spawn', message: exit.message, ...hint, details: { ...details, kind, ...ownFields(exit) } };
  }
  return { exitCode: EXIT.unreachable, step: 'spawn', message: `The server process "${exit.command}" ${how}${when}`, ...hint, details };
}

/** The fields a subclass of `ProcessExitError` adds (`container`, `image`, ...). */
function ownFields(error: ProcessExitError): Record<string, unknown> {
  const base = new Set(Object.keys(new ProcessExitError({ command: '', exitCode: null, signal: null })));
  return Object.fromEntries(Object.entries(error).filter(([key]) => !base.has(key)));
}

function requestFailure(error: McpError, context: FailureContext): Failure | undefined {
  if (NotFoundError.is(error)) {
    const missing = error as NotFoundError;
    return { exitCode: EXIT.tool, step: 'not-found', message: error.message, details: { what: missing.what, name: missing.item } };
  }
  if (UnsupportedMethodError.is(error)) return { exitCode: EXIT.tool, step: 'not-found', message: error.message };
  if (RpcError.is(error)) {
    const rpc = error as RpcError;
    const step: FailureStep = [-32601, -32002].includes(rpc.rpcCode) ? 'not-found' : 'server';
    const failure: Failure = { exitCode: EXIT.tool, step, message: `The server answered ${rpc.method ?? 'the request'} with error ${rpc.rpcCode}: ${rpc.message}`, details: { rpcCode: rpc.rpcCode, data: rpc.data } };
    if (context.phase === 'request') return failure;
    return rpc.method === 'server/discover' && modernOnly(context.protocol) ? noModernRevision(rpc, context.protocol as string) : { ...failure, exitCode: EXIT.unreachable, step: 'negotiate' };
  }
  if (RequestTimeoutError.is(error) || ConnectTimeoutError.is(error)) {
    const early = context.phase !== 'request' || ConnectTimeoutError.is(error);
    return { exitCode: early ? EXIT.unreachable : EXIT.usage, step: 'timeout', message: early ? `No answer from ${context.target ?? 'the server'}: ${error.message}` : error.message, hint: early ? undefined : 'Raise --timeout (silence allowed between two progress reports) or --max-total' } as Failure;
  }
  if (SchemaError.is(error)) return { exitCode: EXIT.usage, step: 'protocol', message: `The server's answer does not fit the protocol: ${error.message}` };
  return undefined;
}

/** `--protocol` asks for the stateless revision only (`modern`, or a revision of that era). */
function modernOnly(protocol: string | undefined): boolean {
  return protocol !== undefined && protocol !== 'auto' && protocol !== 'legacy' && !LEGACY_REVISIONS.includes(protocol);
}

const LEGACY_REVISIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version < '2026-07-28');

/** `--protocol modern` against a server that knows only the older revisions: its refusal of `server/discover`, explained. */
function noModernRevision(rpc: RpcError, protocol: string): Failure {
  const revision = protocol === 'modern' ? '2026-07-28' : protocol;
  return {
    exitCode: EXIT.unreachable, step: 'negotiate',
    message: `The server does not speak ${revision}: it answered server/discover with error ${rpc.rpcCode} (${rpc.message}), as servers of the older revisions do, and --protocol ${protocol} allows no other`,
    hint: 'Use --protocol auto (the default: 2026-07-28 when the server has it, else an older revision) or --protocol legacy',
    details: { rpcCode: rpc.rpcCode, data: rpc.data, protocol },
  };
}

function localFailure(error: unknown): Failure | undefined {
  if (UsageError.is(error)) return { exitCode: EXIT.usage, step: 'usage', message: (error as Error).message, hint: 'rxmcp --help lists the options' };
  if (ArgumentError.is(error)) return { exitCode: EXIT.usage, step: 'argument', message: (error as Error).message, details: { property: (error as ArgumentError).property, expected: (error as ArgumentError).expected } };
  if (ConfigError.is(error)) return { exitCode: EXIT.usage, step: 'config', message: (error as Error).message };
  if (InterruptedError.is(error)) return { exitCode: EXIT.interrupted, step: 'interrupted', message: (error as Error).message };
  if (NotMcpError.is(error)) {
    const notMcp = error as NotMcpError;
    return { exitCode: EXIT.unreachable, step: 'http', message: notMcp.message, hint: 'Is this the MCP endpoint of the server?', details: { status: notMcp.status, contentType: notMcp.contentType } };
  }
  return undefined;
}

function negotiationFailure(error: NegotiationError): Failure {
  return {
    exitCode: EXIT.unreachable, step: 'negotiate',
    message: `No protocol revision in common: the server offers ${error.offered.length === 0 ? 'none rxmcp knows' : error.offered.join(', ')}; rxmcp speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`,
    details: { offered: error.offered, supported: SUPPORTED_PROTOCOL_VERSIONS },
  };
}

/** What to tell the user about `error`, and the exit code. */
export function describeFailure(error: unknown, context: FailureContext): Failure {
  const local = localFailure(error) ?? processFailure(error, context);
  if (local !== undefined) return local;
  const chain = causeChain(error);
  const auth = chain.find((item) => AuthError.is(item)) as AuthError | undefined;
  if (auth !== undefined) return authFailure(auth, context, auth.status, undefined);
  const negotiation = chain.find((item) => NegotiationError.is(item)) as NegotiationError | undefined;
  if (negotiation !== undefined) return negotiationFailure(negotiation);
  const network = networkFailure(error, context);
  if (network !== undefined) return network;
  const http = chain.find((item) => TransportError.is(item) && (item as TransportError).status !== undefined) as TransportError | undefined;
  if (http !== undefined) return httpFailure(http, context);
  if (McpError.is(error)) {
    const request = requestFailure(error, context);
    if (request !== undefined) return request;
    if (TransportError.is(error)) return { exitCode: EXIT.unreachable, step: 'network', message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { exitCode: EXIT.usage, step: 'internal', message };
}
