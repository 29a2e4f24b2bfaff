import * as z from 'zod/mini';

const strings = () => z.optional(z.array(z.string()));

function buildAuthSchemas() {
  /** RFC 9728 protected resource metadata (the members MCP uses). */
  const ProtectedResourceMetadataSchema = z.looseObject({
    resource: z.string(),
    authorization_servers: z.optional(z.array(z.string())),
    scopes_supported: strings(),
    bearer_methods_supported: strings(),
    dpop_signing_alg_values_supported: strings(),
    dpop_bound_access_tokens_required: z.optional(z.boolean()),
  });
  /** RFC 8414 / OpenID Connect discovery metadata (the members the client uses). */
  const AuthorizationServerMetadataSchema = z.looseObject({
    issuer: z.string(),
    authorization_endpoint: z.optional(z.string()),
    token_endpoint: z.optional(z.string()),
    registration_endpoint: z.optional(z.string()),
    scopes_supported: strings(),
    response_types_supported: strings(),
    grant_types_supported: strings(),
    code_challenge_methods_supported: strings(),
    token_endpoint_auth_methods_supported: strings(),
    token_endpoint_auth_signing_alg_values_supported: strings(),
    client_id_metadata_document_supported: z.optional(z.boolean()),
    authorization_response_iss_parameter_supported: z.optional(z.boolean()),
    dpop_signing_alg_values_supported: strings(),
  });
  /** A successful token response (RFC 6749 §5.1; `token_type` DPoP per RFC 9449). */
  const TokenResponseSchema = z.looseObject({
    access_token: z.string(),
    token_type: z.string(),
    expires_in: z.optional(z.number()),
    refresh_token: z.optional(z.string()),
    scope: z.optional(z.string()),
    issued_token_type: z.optional(z.string()),
  });
  /** A token or registration error response (RFC 6749 §5.2, RFC 7591 §3.2.2). */
  const OAuthErrorResponseSchema = z.looseObject({
    error: z.string(),
    error_description: z.optional(z.string()),
  });
  /** An RFC 7591 registration response (the members the client keeps). */
  const ClientRegistrationResponseSchema = z.looseObject({
    client_id: z.string(),
    client_secret: z.optional(z.string()),
    client_secret_expires_at: z.optional(z.number()),
    token_endpoint_auth_method: z.optional(z.string()),
    redirect_uris: strings(),
  });
  return {
    ProtectedResourceMetadataSchema,
    AuthorizationServerMetadataSchema,
    TokenResponseSchema,
    OAuthErrorResponseSchema,
    ClientRegistrationResponseSchema,
  };
}

type AuthSchemas = ReturnType<typeof buildAuthSchemas>;
let built: AuthSchemas | undefined;

/** The authorization schemas, built on first use. */
export function authSchemas(): AuthSchemas {
  built ??= buildAuthSchemas();
  return built;
}

/** RFC 9728 protected resource metadata. */
export type ProtectedResourceMetadata = z.infer<AuthSchemas['ProtectedResourceMetadataSchema']>;
/** RFC 8414 authorization server metadata. */
export type AuthorizationServerMetadata = z.infer<AuthSchemas['AuthorizationServerMetadataSchema']>;
/** A successful token endpoint response. */
export type TokenResponse = z.infer<AuthSchemas['TokenResponseSchema']>;
/** An RFC 7591 client registration response. */
export type ClientRegistrationResponse = z.infer<AuthSchemas['ClientRegistrationResponseSchema']>;
