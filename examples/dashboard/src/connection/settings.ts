import { type ProtocolMode } from 'rxmcp';
import { remoteKindNamed, type RemoteKind } from 'rxmcp/session';

/** How the user asked to connect. */
export interface ConnectionSettings {
  readonly url: string;
  /** A kind of the transport registry (`auto`: Streamable HTTP, falling back to HTTP+SSE). */
  readonly transport: RemoteKind;
  readonly protocol: 'auto' | 'modern' | 'legacy';
  /** Sign in with OAuth (in a popup) when the server asks for it. */
  readonly oauth: boolean;
  /** Trust the server's tool annotations (read-only tools become safe to repeat). */
  readonly trust: boolean;
  /** Extra HTTP headers, one `Name: value` per line. */
  readonly headers: string;
}

const PROTOCOLS = ['auto', 'modern', 'legacy'] as const;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** Settings from the page's query string (`?url=…&transport=…&protocol=…&oauth=1&trust=1`). */
export function settingsFromQuery(search: string, fallbackUrl: string): ConnectionSettings {
  const query = new URLSearchParams(search);
  return {
    url: query.get('url') ?? fallbackUrl,
    transport: remoteKindNamed(query.get('transport') ?? '') ?? 'auto',
    protocol: oneOf(query.get('protocol'), PROTOCOLS, 'auto'),
    oauth: query.get('oauth') === '1',
    trust: query.get('trust') === '1',
    headers: query.get('headers') ?? '',
  };
}

/** The client's protocol option for a setting. */
export const protocolMode = (protocol: ConnectionSettings['protocol']): ProtocolMode => protocol;

/** `Name: value` lines as a header record; lines without a colon are ignored. */
export function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
