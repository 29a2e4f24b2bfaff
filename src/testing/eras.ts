import { LATEST_LEGACY_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION, isModernVersion, type ProtocolEra, type ProtocolVersion } from '../protocol/versions.js';
import type { TestScheduler } from 'rxjs/testing';
import { createTestingController } from './controller.js';
import { TestScriptError } from './errors.js';
import { runIn, type MarbleBody } from './marble-run.js';
import { createMarbleScheduler } from './scheduler.js';
import type { TestingController, TestingControllerOptions } from './types.js';

/** Options of a controller an era case makes: everything but the revision, which is the era's. */
export type EraControllerOptions = Omit<TestingControllerOptions, 'revision'>;

/** One era a parity spec runs in. */
export interface EraCase {
  /** `legacy` or `modern`. */
  readonly era: ProtocolEra;
  /** The revision the controller speaks. */
  readonly revision: ProtocolVersion;
  /** `legacy 2025-11-25`, `modern 2026-07-28`: for spec titles. */
  readonly name: string;
  /** A testing controller speaking this revision. */
  controller(options?: EraControllerOptions): TestingController;
  /** `runWithServer` with a controller of this revision, in a `createMarbleScheduler()`: runs `body`, flushes, verifies. */
  run(body: MarbleBody, options?: EraControllerOptions): TestingController;
  /** The same in `scheduler.run`, for a scheduler of the test's own. */
  run(scheduler: TestScheduler, body: MarbleBody, options?: EraControllerOptions): TestingController;
}

/** The revisions `eachEra` runs by default: the newest of each era. */
export const PARITY_REVISIONS: readonly ProtocolVersion[] = [LATEST_LEGACY_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION];

/** The era case of one revision. */
export function eraCase(revision: ProtocolVersion): EraCase {
  const era: ProtocolEra = isModernVersion(revision) ? 'modern' : 'legacy';
  function run(first: TestScheduler | MarbleBody, second?: MarbleBody | EraControllerOptions, third: EraControllerOptions = {}): TestingController {
    if (typeof first === 'function') return runIn(createMarbleScheduler(), first, { ...(second as EraControllerOptions | undefined), revision });
    return runIn(first, second as MarbleBody, { ...third, revision });
  }
  return { era, revision, name: `${era} ${revision}`, controller: (options = {}) => createTestingController({ ...options, revision }), run };
}

/**
 * Defines the same specs once per era, so that code proves it does not depend on the revision a server speaks:
 * `define` is called with each era (by default 2025-11-25, then 2026-07-28) and declares its specs with
 * whatever test framework is in use, naming the era in their titles.
 *
 * ```ts
 * eachEra((era) => {
 *   it(`lists the tools (${era.name})`, () => era.run((server, { expectObservable }) => { ... }));
 * });
 * ```
 */
export function eachEra(define: (era: EraCase) => void, revisions: readonly ProtocolVersion[] = PARITY_REVISIONS): void {
  for (const revision of revisions) define(eraCase(revision));
}

/** A test framework's function that defines one spec (`it` of Jasmine, Jest, Vitest, Mocha or `node:test`). */
export type SpecFunction = (title: string, body: () => void) => unknown;

/** Options of `itInEachEra`: the controller's (but the revision), and how the specs are defined and run. */
export interface EraSpecOptions extends EraControllerOptions {
  /** The revisions (default `PARITY_REVISIONS`). */
  readonly revisions?: readonly ProtocolVersion[];
  /** Defines each spec (default: the global `it`). Pass `fit`, `it.only`, or `node:test`'s `it`. */
  readonly it?: SpecFunction;
  /** Makes the scheduler of each spec (default `createMarbleScheduler`). */
  readonly createScheduler?: () => TestScheduler;
}

function globalIt(): SpecFunction {
  const found = (globalThis as { it?: unknown }).it;
  if (typeof found === 'function') return found as SpecFunction;
  throw new TestScriptError('itInEachEra defines specs with the global `it` (Jasmine, Jest, Vitest, Mocha), and there is none here: pass { it }, or use eachEra');
}

/**
 * Defines one marble spec per era: `it(`${title} (${era.name})`, ...)` whose body runs with a controller of the
 * era's revision, in virtual time, then flushes and verifies (`EraCase.run`). The shortest way to prove that code
 * built on `createClient` works against a server of either era.
 *
 * ```ts
 * itInEachEra('lists the tools', (server, { expectObservable }) => {
 *   serveTools(server, [tool('search')]);
 *   expectObservable(createClient(server.transport).tools$.pipe(map((tools) => tools.length))).toBe('a', { a: 1 });
 * });
 * ```
 *
 * @throws TestScriptError when no `it` was given and there is no global one.
 * @example
 * ```ts
 * import { map } from 'rxjs';
 * import { createClient } from 'rxmcp';
 * import { itInEachEra, serveTools, tool } from 'rxmcp/testing';
 *
 * describe('the tool count', () => {
 *   itInEachEra('follows a change of the list', (server, { cold, expectObservable }) => {
 *     serveTools(server, cold('a 9ms b', { a: [tool('a')], b: [tool('a'), tool('b')] }));
 *     const client = createClient(server.transport, { live: { debounceMs: 1 } });
 *     expectObservable(client.tools$.pipe(map((tools) => tools.length))).toBe('a 10ms b', { a: 1, b: 2 });
 *   });
 * });
 * ```
 */
export function itInEachEra(title: string, body: MarbleBody, options: EraSpecOptions = {}): void {
  const { revisions, it: define = globalIt(), createScheduler, ...controller } = options;
  eachEra((era) => {
    define(`${title} (${era.name})`, () => void era.run((createScheduler ?? createMarbleScheduler)(), body, controller));
  }, revisions);
}
