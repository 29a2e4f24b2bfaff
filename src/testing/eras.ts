import { LATEST_LEGACY_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION, isModernVersion, type ProtocolEra, type ProtocolVersion } from '../protocol/versions.js';
import type { TestScheduler } from 'rxjs/testing';
import { createTestingController } from './controller.js';
import { runWithServer, type MarbleBody } from './marble-run.js';
import type { TestingController, TestingControllerOptions } from './types.js';

/** One era a parity spec runs in. */
export interface EraCase {
  /** `legacy` or `modern`. */
  readonly era: ProtocolEra;
  /** The revision the controller speaks. */
  readonly revision: ProtocolVersion;
  /** `legacy 2025-11-25`, `modern 2026-07-28`: for spec titles. */
  readonly name: string;
  /** A testing controller speaking this revision. */
  controller(options?: Omit<TestingControllerOptions, 'revision'>): TestingController;
  /** `runWithServer` with a controller of this revision: runs `body` in `scheduler.run`, flushes, verifies. */
  run(scheduler: TestScheduler, body: MarbleBody, options?: Omit<TestingControllerOptions, 'revision'>): TestingController;
}

/** The revisions `eachEra` runs by default: the newest of each era. */
export const PARITY_REVISIONS: readonly ProtocolVersion[] = [LATEST_LEGACY_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION];

/** The era case of one revision. */
export function eraCase(revision: ProtocolVersion): EraCase {
  const era: ProtocolEra = isModernVersion(revision) ? 'modern' : 'legacy';
  return {
    era,
    revision,
    name: `${era} ${revision}`,
    controller: (options = {}) => createTestingController({ ...options, revision }),
    run: (scheduler, body, options = {}) => runWithServer(scheduler, body, { ...options, revision }),
  };
}

/**
 * Defines the same specs once per era, so that code proves it does not depend on the revision a server speaks:
 * `define` is called with each era (by default 2025-11-25, then 2026-07-28) and declares its specs with
 * whatever test framework is in use, naming the era in their titles.
 *
 * ```ts
 * eachEra((era) => {
 *   it(`lists the tools (${era.name})`, () => era.run(new TestScheduler(assert), (server, { expectObservable }) => { ... }));
 * });
 * ```
 */
export function eachEra(define: (era: EraCase) => void, revisions: readonly ProtocolVersion[] = PARITY_REVISIONS): void {
  for (const revision of revisions) define(eraCase(revision));
}
