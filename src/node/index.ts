// Any export added here is public API: named exports only, and a line in its snapshot (spec/node/exports.spec.ts).
/**
 * Node-only pieces: the stdio and Docker transports (child processes) and their table, the loopback OAuth redirect,
 * the file token storage, the OAuth URL guard that resolves and pins (`nodeUrlGuard`) and the HTTP engine on undici
 * (`undiciFetch`). Browser bundles cannot
 * import this entry.
 *
 * @packageDocumentation
 * @module rxmcp/node
 */
export { stdio, DEFAULT_INHERITED_ENV_VARS, DEFAULT_SHUTDOWN_GRACE_MS, ProcessExitError, ProcessSpawnError, StdoutClosedError } from './stdio.js';
export type { EnvOverrides, StdioExit, StdioHealth, StdioOptions, StdioProcess, StdioTransport } from './stdio.js';
export type { ProcessExit } from './internal/managed-process.js';
export type { ProcessExitErrorOptions, ProcessSpawnErrorOptions, StdoutClosedErrorOptions } from './internal/process-errors.js';
export { docker, dockerRunArgs, DOCKER_CLI_ENV_VARS } from './docker.js';
export type { DockerOptions, DockerVolume } from './docker.js';
export { COMMAND_TRANSPORTS, commandKindOf, commandTransport } from './registry.js';
export type { CommandKind, CommandOptions, CommandServer, CommandTransport, CommandTransportEntry } from './registry.js';
export { ContainerExitError, DockerEngineUnavailableError, DockerImageNotFoundError, DOCKER_RUN_FAILED_EXIT_CODE } from './docker-errors.js';
export type { ContainerExitErrorOptions } from './docker-errors.js';
export { loopbackRedirect } from '../auth/node/loopback-redirect.js';
export type { LoopbackRedirect, LoopbackRedirectOptions } from '../auth/node/loopback-redirect.js';
export { fileStorage, FILE_STORAGE_MODE } from '../auth/node/file-storage.js';
export type { FileStorageOptions } from '../auth/node/file-lock.js';
export { nodeUrlGuard } from '../auth/node/url-guard.js';
export type { NodeUrlGuardOptions } from '../auth/node/url-guard.js';
export { fileWarmStore } from './warm-file-store.js';
export { fileCursorStore } from './event-cursor-file-store.js';
export { undiciFetch } from './undici-fetch.js';
export type { UndiciDispatcher, UndiciFetchOptions } from './undici-fetch.js';
export { clientGroupFromConfig } from './group-config.js';
export type { ClientGroupConfig, ClientGroupConfigOptions } from './group-config.js';
export { ConfigError } from '../config/types.js';
export type { ConfigErrorOptions, ConfigFile, ConfigFormat, ConfigSource, ServerConfig, ServerEntry, StdioServerConfig, RemoteServerConfig, ServerKind } from '../config/types.js';
export { eventsWebhook } from './events-webhook.js';
export type { EventsWebhookOptions } from './events-webhook.js';
export { eventsWebhookReceiver } from './events-webhook-receiver.js';
export type { EventsWebhookReceiver } from './events-webhook-receiver.js';
export { EventWebhookError } from '../errors/webhook-errors.js';
export type { EventWebhookErrorOptions, EventWebhookFailure } from '../errors/webhook-errors.js';
