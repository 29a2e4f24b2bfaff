import * as z from 'zod/mini';
import { McpError, type McpErrorOptions } from '../errors/mcp-error.js';
import type { Icon } from './model/metadata.js';

/** The `$schema` every Server Card names (the `v1` family of the Server Card extension). */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The media type of a Server Card, asked for with `Accept`. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

/** A user-supplied or preset input of a remote (a URL variable, a header value). */
export interface ServerCardInput {
  /** What the input is, for people. */
  readonly description?: string;
  /** Whether the connection needs it. */
  readonly isRequired?: boolean;
  /** Whether it is a secret (a token, a password). */
  readonly isSecret?: boolean;
  /** `string`, `number`, `boolean` or `filepath`. */
  readonly format?: string;
  /** Its default value. */
  readonly default?: string;
  /** A preset value users do not configure; `{variables}` in it are substituted. */
  readonly value?: string;
  /** The values allowed. */
  readonly choices?: readonly string[];
}

/** An HTTP header an endpoint takes. */
export interface ServerCardHeader extends ServerCardInput {
  /** The header's name. */
  readonly name: string;
  /** The variables of its `value`, by name. */
  readonly variables?: Readonly<Record<string, ServerCardInput>>;
}

/** Where a server's source is. */
export interface ServerCardRepository {
  /** The repository's URL. */
  readonly url: string;
  /** The hosting service, e.g. `github`. */
  readonly source: string;
  /** The server's folder in the repository. */
  readonly subfolder?: string;
  /** The hosting service's id of the repository. */
  readonly id?: string;
}

/** One HTTP endpoint of the server a card describes. */
export interface ServerCardRemote {
  /** The transport served there: `streamable-http` or the legacy `sse`. */
  readonly type: 'streamable-http' | 'sse';
  /** The endpoint's URL; `{variables}` in it are substituted from `variables` before connecting. */
  readonly url: string;
  /** HTTP headers it takes, each an input with its `name`. */
  readonly headers?: readonly ServerCardHeader[];
  /** The variables of `url`, by name. */
  readonly variables?: Readonly<Record<string, ServerCardInput>>;
  /** The MCP revisions the endpoint speaks. */
  readonly supportedProtocolVersions?: readonly string[];
}

/**
 * An MCP Server Card (SEP-2127; the `v1` schema of modelcontextprotocol/experimental-ext-server-card): what a remote
 * server is and how to connect to it, read before connecting. Advisory: the live connection's `server/discover` is
 * authoritative where the two disagree.
 */
export interface ServerCard {
  /** `https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json`. */
  readonly $schema: string;
  /** Reverse-DNS name with one slash, e.g. `com.example/weather`. */
  readonly name: string;
  /** The server's version. */
  readonly version: string;
  /** What the server does. */
  readonly description: string;
  /** A display name. */
  readonly title?: string;
  /** Its homepage or documentation. */
  readonly websiteUrl?: string;
  /** Where its source is. */
  readonly repository?: ServerCardRepository;
  /** Icons for user interfaces. */
  readonly icons?: readonly Icon[];
  /** Its HTTP endpoints. */
  readonly remotes?: readonly ServerCardRemote[];
  /** Vendor metadata under reverse-DNS keys. */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

const opt = <T extends z.ZodMiniType>(schema: T) => z.optional(schema);

function buildServerCardSchema() {
  const input = {
    description: opt(z.string()), isRequired: opt(z.boolean()), isSecret: opt(z.boolean()),
    format: opt(z.enum(['string', 'number', 'boolean', 'filepath'])), default: opt(z.string()), placeholder: opt(z.string()),
    value: opt(z.string()), choices: opt(z.array(z.string())),
  };
  const Input = z.object(input);
  const Remote = z.object({
    type: z.enum(['streamable-http', 'sse']),
    url: z.string().check(z.regex(/^(https?:\/\/\S+|\{[a-zA-Z_][a-zA-Z0-9_]*\}\S*)$/)),
    headers: opt(z.array(z.object({ ...input, name: z.string(), variables: opt(z.record(z.string(), Input)) }))),
    variables: opt(z.record(z.string(), Input)),
    supportedProtocolVersions: opt(z.array(z.string())),
  });
  return z.looseObject({
    $schema: z.literal(SERVER_CARD_SCHEMA),
    name: z.string().check(z.minLength(3), z.maxLength(200), z.regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/)),
    version: z.string().check(z.maxLength(255)),
    description: z.string().check(z.minLength(1), z.maxLength(100)),
    title: opt(z.string().check(z.minLength(1), z.maxLength(100))),
    websiteUrl: opt(z.string()),
    repository: opt(z.object({ url: z.string(), source: z.string(), subfolder: opt(z.string()), id: opt(z.string()) })),
    icons: opt(z.array(z.object({ src: z.string(), mimeType: opt(z.string()), sizes: opt(z.array(z.string())), theme: opt(z.enum(['light', 'dark'])) }))),
    remotes: opt(z.array(Remote)),
    _meta: opt(z.record(z.string(), z.unknown())),
  });
}

let schema: ReturnType<typeof buildServerCardSchema> | undefined;

/** Why a Server Card could not be had: none at any location tried, one that is not a valid card, or an HTTP failure. */
export type ServerCardFailure = 'missing' | 'malformed' | 'http';

/** Options of `ServerCardError`. */
export interface ServerCardErrorOptions extends McpErrorOptions {
  /** The URLs tried, in order. */
  readonly tried?: readonly string[];
  /** For `malformed`: what is wrong, one line per problem (`name: ...`). */
  readonly issues?: readonly string[];
}

/** No valid Server Card at the locations tried: `reason` says why, `tried` where it looked. */
export class ServerCardError extends McpError {
  static override readonly kind: string = 'ServerCardError';
  /** Why. */
  readonly reason: ServerCardFailure;
  /** The URLs tried, in order. */
  readonly tried: readonly string[];
  /** For `malformed`: what is wrong with the card. */
  readonly issues: readonly string[];

  constructor(reason: ServerCardFailure, message: string, options: ServerCardErrorOptions = {}) {
    super('server-card', message, options);
    this.reason = reason;
    this.tried = options.tried ?? [];
    this.issues = options.issues ?? [];
  }
}

/**
 * Checks `value` against the Server Card schema (SEP-2127, `v1`): required `$schema`, `name` (reverse-DNS with one
 * slash), `version` and `description`; remotes with a transport type and an `http(s)://` or `{variable}` URL. The
 * card is open, as the schema is: other members are kept (vendor data belongs in `_meta`).
 * @throws ServerCardError `malformed`, listing the problems, for anything else.
 */
export function parseServerCard(value: unknown, url = 'the card'): ServerCard {
  schema ??= buildServerCardSchema();
  const result = schema.safeParse(value);
  if (result.success) return result.data as ServerCard;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(card)'}: ${issue.message}`);
  throw new ServerCardError('malformed', `${url} is not a valid MCP Server Card: ${issues.join('; ')}`, { tried: [url], issues });
}
