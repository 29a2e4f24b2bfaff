// Dependency rules of rxmcp, checked by `npm run deps` (part of `npm test`): no import cycles, imports only
// downward (client -> session -> protocol; transports -> protocol/jsonrpc), and nothing Node-only outside the
// Node entry.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Import cycles make load order matter and layers blur.', from: {}, to: { circular: true } },
    {
      name: 'errors-import-nothing', severity: 'error', comment: 'The error hierarchy is the bottom layer.',
      from: { path: '^src/errors/' }, to: { path: '^src/', pathNot: '^src/errors/' },
    },
    {
      name: 'protocol-below-session', severity: 'error', comment: 'The protocol layer knows no session, client or transport.',
      from: { path: '^src/protocol/' }, to: { path: '^src/(session|client|transport|auth|node|testing)/' },
    },
    {
      name: 'transport-below-session', severity: 'error', comment: 'Transports move frames; they know no session or client.',
      from: { path: '^src/transport/' }, to: { path: '^src/(session|client|node|testing)/' },
    },
    {
      name: 'transport-uses-jsonrpc-only', severity: 'error', comment: 'Of the protocol layer, transports use only the JSON-RPC envelope and routing headers.',
      from: { path: '^src/transport/' }, to: { path: '^src/protocol/', pathNot: '^src/protocol/(jsonrpc|routing-headers)\\.ts$' },
    },
    {
      name: 'config-below-client', severity: 'error', comment: 'The configuration reader knows configuration files and the transport registry (the kinds they name) only, so a CLI and a client group can share it.',
      from: { path: '^src/config/' }, to: { path: '^src/(protocol|transport|session|client|auth|node|testing|cli)/', pathNot: '^src/transport/registry\\.ts$' },
    },
    {
      name: 'group-on-the-public-client', severity: 'error', comment: 'A client group is built on what rxmcp exports: createClient and the public types, never the client internals.',
      from: { path: '^src/group/' },
      to: { path: '^src/(client|session)/', pathNot: '^src/client/(client|client-types|types|envelope|input-rounds|live/catalog|live/client-state|tool-hints)\\.ts$|^src/session/types\\.ts$' },
    },
    {
      name: 'cli-is-an-application', severity: 'error', comment: 'Nothing of the library imports the command line tool.',
      from: { path: '^src/', pathNot: '^src/cli/' }, to: { path: '^src/cli/' },
    },
    {
      name: 'session-below-client', severity: 'error', comment: 'The session knows no client.',
      from: { path: '^src/session/' }, to: { path: '^src/(client|auth|node|testing)/' },
    },
    {
      name: 'testing-is-the-server-end', severity: 'error', comment: 'rxmcp/testing plays the server: it builds on the protocol, session types and transports, never on the client it tests.',
      from: { path: '^src/testing/' }, to: { path: '^src/(client|auth|node|cli)/' },
    },
    {
      name: 'testing-stays-out-of-the-bundle', severity: 'error', comment: 'Only rxmcp/testing itself reaches src/testing, so that it never ships in the main bundle.',
      from: { path: '^src/', pathNot: '^src/testing/' }, to: { path: '^src/testing/' },
    },
    {
      name: 'entries-are-the-top', severity: 'error', comment: 'Entry files only list exports: library code imports the module that defines a name, never an entry (the CLI may).',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/(index|agent/index|protocol/index|session/index|auth/index|node/index|testing/index|warm/index|events/index|ai/index|otel/index|openai-agents/index|langchain/index|apps/index)\\.ts$' },
    },
    {
      name: 'agents-sdk-only-in-openai-agents', severity: 'error', comment: 'The optional peer @openai/agents is loaded by rxmcp/openai-agents only.',
      from: { path: '^src/', pathNot: '^src/openai-agents/' }, to: { path: '@openai/agents' },
    },
    {
      name: 'langchain-only-in-langchain', severity: 'error', comment: 'The optional peers @langchain/core and langchain are loaded by rxmcp/langchain only.',
      from: { path: '^src/', pathNot: '^src/langchain/' }, to: { path: '(@langchain|node_modules/langchain)/' },
    },
    {
      name: 'otel-peer-only-in-otel', severity: 'error', comment: 'The optional peer @opentelemetry/api is loaded by rxmcp/otel only, never by the main entry.',
      from: { path: '^src/', pathNot: '^src/otel/' }, to: { path: '@opentelemetry' },
    },
    {
      name: 'undici-only-in-the-node-engine', severity: 'error', comment: 'undici is the HTTP engine of the Node build (src/node/undici-fetch.ts and its helpers); browser bundles never reach it.',
      from: { path: '^src/', pathNot: '^src/node/(undici-fetch|internal/undici-[a-z-]+)\\.ts$' }, to: { path: '(^|/)node_modules/undici/' },
    },
    {
      name: 'otel-on-the-links', severity: 'error', comment: 'rxmcp/otel is a link: it knows the link types, the errors and the version, nothing of the client inside.',
      from: { path: '^src/otel/' },
      to: { path: '^src/', pathNot: '^src/(otel/|errors/|protocol/jsonrpc\\.ts$|session/types\\.ts$|client/(links/types|envelope|call-event|input-rounds|version|server-session)\\.ts$)' },
    },
    {
      name: 'warm-start-behind-its-entry', severity: 'error', comment: 'The warm start is opt-in by value: the client core holds only its hooks (types), so a client without one bundles none of its code.',
      from: { path: '^src/', pathNot: '^src/(warm|client/warm|node)/' },
      to: { path: '^src/client/warm/', pathNot: '^src/client/warm/(hooks|option)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'universal-code-is-universal', severity: 'error', comment: 'Only the Node-only folders (src/node, src/auth/node, src/config/node, src/cli) may use Node built-ins.',
      from: { path: '^src/', pathNot: '^src/(node|auth/node|config/node|cli)/' }, to: { dependencyTypes: ['core'] },
    },
    {
      name: 'universal-code-not-node-entry', severity: 'error', comment: 'The universal entry never reaches Node-only modules.',
      from: { path: '^src/', pathNot: '^src/(node|auth/node|config/node|cli)/' }, to: { path: '^src/(node|auth/node|config/node|cli)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
  },
};
