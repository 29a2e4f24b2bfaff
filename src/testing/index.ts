// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
/**
 * Helpers for testing code that uses rxmcp, in virtual time or real time: frame builders and a marble-driven
 * transport, the testing controller (a scripted server end for code built on `createClient`, in both eras),
 * and fixtures for tools, resources, prompts and server→client requests.
 *
 * Nothing here is reachable from the main entry.
 *
 * @packageDocumentation
 * @module rxmcp/testing
 */

// Frames and a marble-driven transport (for specs of the session and transports)
export { req, res, err, note, frame, malformed, oversized, failed, isBuiltFrame } from './frames.js';
export { marbleTransport } from './marble-transport.js';
export type { MarbleTransport, MarbleTransportOptions } from './marble-transport.js';

// The testing controller: a scripted server end for code built on createClient
export { createTestingController, DEFAULT_TEST_CACHE_HINTS, DEFAULT_TESTING_CAPABILITIES, DEFAULT_TESTING_SERVER_INFO } from './controller.js';
export type {
  CacheHints, TestingController, TestingControllerOptions, TestRequest, RequestRule, RespondOptions, RuleOptions, ClientView, LegacyProbeAnswer, Answers,
} from './types.js';
export type { ParamsMatcher } from './matching.js';
export type { WireShape } from './wire.js';
export { TestScriptError, ExpectationFailedError, RecordingMismatchError } from './errors.js';
export type { RecordingMismatchErrorOptions } from './errors.js';
export { runWithServer } from './marble-run.js';
export type { MarbleBody } from './marble-run.js';
export { createMarbleScheduler } from './scheduler.js';
export { eachEra, eraCase, itInEachEra, PARITY_REVISIONS } from './eras.js';
export type { EraCase, EraControllerOptions, EraSpecOptions, SpecFunction } from './eras.js';

// Replaying a recorded server (recordFrames of rxmcp/session, `rxmcp record`)
export { replayController } from './replay/replay-controller.js';
export type { ReplayController, ReplayControllerOptions } from './replay/replay-controller.js';

// Fixtures
export {
  tool, resource, resourceTemplate, prompt, text, image, audio, resourceLink, embeddedText, toolResult, structuredResult, toolError,
  resourceContents, promptResult, elicitForm, elicitUrl, sampleMessage, listRoots,
} from './fixtures/builders.js';
export type { ToolSpec, ResourceSpec, ScriptedToolResult, ElicitationQuestion, SamplingQuestion, RootsQuestion } from './fixtures/builders.js';
export { serveTools, servePrompts, serveResources, serveResourceTemplates, serveResourceContents, slowTool } from './fixtures/behaviours.js';
export type { ServedCatalog, CatalogServeOptions, CatalogSource, ServedResource, SlowToolOptions } from './fixtures/behaviours.js';
export { serveTasks, TASK_TESTING_CAPABILITIES } from './fixtures/tasks.js';
export type { ServedTasks, ScriptedTask, TaskServeOptions } from './fixtures/tasks.js';
