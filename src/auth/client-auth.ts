import { AuthError } from './errors.js';
import { formEncode } from './encoding.js';
import { clientAssertion, type SigningKey } from './jwt.js';
import type { AuthorizationServerMetadata } from './schemas.js';
import type { TokenEndpointAuthMethod } from './types.js';

/** Where a client identity came from. */
export type ClientSource = 'pre-registered' | 'metadata-document' | 'registered';

/** The client as one authorization server knows it. */
export interface ClientIdentity {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret?: string;
  readonly method: TokenEndpointAuthMethod;
  /** The `private_key_jwt` key. */
  readonly signer?: SigningKey;
  readonly source: ClientSource;
}

const METHODS: readonly TokenEndpointAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'];

/** True for the names of the token endpoint authentication methods rxmcp implements. */
export const isAuthMethod = (value: unknown): value is TokenEndpointAuthMethod =>
  typeof value === 'string' && (METHODS as readonly string[]).includes(value);

/** The methods the server supports (RFC 8414: `client_secret_basic` when it does not say). */
export function supportedMethods(metadata: AuthorizationServerMetadata): readonly string[] {
  return metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
}

/**
 * The method for a client with these credentials: a key means `private_key_jwt`, a secret `client_secret_basic`
 * or `client_secret_post` (whichever the server supports, basic first), nothing means `none`.
 */
export function chooseMethod(
  metadata: AuthorizationServerMetadata,
  credentials: { readonly secret: boolean; readonly key: boolean },
): TokenEndpointAuthMethod {
  const supported = supportedMethods(metadata);
  if (credentials.key && supported.includes('private_key_jwt')) return 'private_key_jwt';
  if (credentials.secret) {
    if (supported.includes('client_secret_basic')) return 'client_secret_basic';
    if (supported.includes('client_secret_post')) return 'client_secret_post';
  }
  if (supported.includes('none') || (!credentials.secret && !credentials.key)) return 'none';
  throw new AuthError('unsupported', `The authorization server supports none of the client's authentication methods (it lists ${supported.join(', ')})`);
}

/** The headers and body parameters that authenticate `client` at the token endpoint of `issuer`. */
export async function clientAuthentication(
  client: ClientIdentity,
  nowSeconds: number,
): Promise<{ headers: Record<string, string>; params: Record<string, string> }> {
  switch (client.method) {
    case 'client_secret_basic': {
      const pair = `${formEncode(client.clientId)}:${formEncode(client.clientSecret ?? '')}`;
      return { headers: { authorization: `Basic ${btoa(pair)}` }, params: {} };
    }
    case 'client_secret_post':
      return { headers: {}, params: { client_id: client.clientId, client_secret: client.clientSecret ?? '' } };
    case 'private_key_jwt': {
      if (client.signer === undefined) throw new AuthError('no-client', 'private_key_jwt needs a private key');
      const assertion = await clientAssertion(
        { issuer: client.clientId, subject: client.clientId, audience: client.issuer, now: nowSeconds },
        client.signer,
      );
      return {
        headers: {},
        params: {
          client_id: client.clientId,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
        },
      };
    }
    case 'none':
      return { headers: {}, params: { client_id: client.clientId } };
  }
}
