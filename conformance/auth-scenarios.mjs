// The `auth/*` scenarios of the conformance suite, written against rxmcp's public API only: an `oauth` provider
// on `streamableHttp`, then the calls every scenario's server expects (connect, tools/list, tools/call). The
// suite's authorization servers approve without a user, so the redirect handler is `headlessRedirect`.
// Scenarios that must be refused (resource mismatch, wrong `iss`, issuer mismatch, endless step-up) end with
// the provider's AuthError, which makes the client exit non-zero, as those scenarios allow.
import { createClient, streamableHttp, toAsyncClient } from 'rxmcp';
import { headlessRedirect, oauth } from 'rxmcp/oauth';

const CLIENT_INFO = { name: 'rxmcp-conformance', version: '0.1.0' };
/** The client ID metadata document URL the suite expects (`auth/basic-cimd`). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

function log(...parts) {
  console.log(...parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))));
}

/** The grant and client credentials a scenario hands over in its context. */
function identityFor(scenario, context) {
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return { grant: { type: 'client_credentials' }, client: { clientId: context.client_id, clientSecret: context.client_secret } };
    case 'auth/client-credentials-jwt':
      return {
        grant: { type: 'client_credentials' },
        client: { clientId: context.client_id, privateKey: context.private_key_pem, signingAlgorithm: context.signing_algorithm ?? 'ES256' },
      };
    case 'auth/wif-jwt-bearer':
      return { grant: { type: 'jwt_bearer', assertion: () => context.valid_jwt }, client: { clientId: context.client_id } };
    case 'auth/enterprise-managed-authorization':
    case 'auth/cross-app-access-complete-flow':
      return {
        grant: {
          type: 'enterprise',
          idToken: () => context.idp_id_token,
          idpTokenEndpoint: context.idp_token_endpoint,
          idpClientId: context.idp_client_id,
        },
        client: { clientId: context.client_id, clientSecret: context.client_secret },
      };
    default:
      if (context.client_id === undefined) return {};
      return {
        client: {
          clientId: context.client_id,
          ...(context.client_secret === undefined ? {} : { clientSecret: context.client_secret }),
          ...(context.issuer === undefined ? {} : { issuer: context.issuer }),
        },
      };
  }
}

/** Runs one `auth/*` scenario against the suite's server at `url`. */
export default async function runAuthScenario({ url, scenario, context = {}, protocolVersion }) {
  const auth = oauth({
    redirect: headlessRedirect(),
    clientMetadataUrl: CLIENT_METADATA_URL,
    clientMetadata: { client_name: 'rxmcp conformance client' },
    ...identityFor(scenario, context),
  });
  const states = auth.state$.subscribe((state) => log(`auth: ${state.status}${state.issuer ? ` (${state.issuer})` : ''}`));
  const client = createClient(streamableHttp(url, { auth }), {
    clientInfo: CLIENT_INFO,
    protocol: protocolVersion ? { pin: protocolVersion } : 'auto',
    timeout: { firstMs: 15_000 },
  });
  const mcp = toAsyncClient(client);
  try {
    const server = await mcp.connect();
    log(`negotiated ${server.era} ${server.protocolVersion}`);
    const tools = await mcp.listTools();
    log('tools:', tools.map((tool) => tool.name));
    const tool = tools[0];
    if (tool !== undefined) {
      const result = await mcp.callTool(tool.name, {});
      log('tools/call:', result.content);
    }
  } finally {
    states.unsubscribe();
    client.close();
  }
}
