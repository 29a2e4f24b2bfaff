import type { RunHelpers, TestScheduler } from 'rxjs/testing';
import { createTestingController } from './controller.js';
import { createMarbleScheduler } from './scheduler.js';
import type { TestingController, TestingControllerOptions } from './types.js';

/** The body of a marble test with a scripted server. */
export type MarbleBody = (server: TestingController, helpers: RunHelpers) => void;

/**
 * Runs `body` inside `scheduler.run` with a new testing controller, then flushes virtual time (which checks the
 * marble expectations) and calls `server.verify()`, so that a test cannot forget either. Without a scheduler it
 * uses `createMarbleScheduler()`. Returns the controller for anything the test still wants to ask it. A body that
 * wants to check something after the last frame calls `helpers.flush()` itself first.
 *
 * @throws ExpectationFailedError from `verify()` or the marble assertions; whatever a scheduler of the test's own
 * throws.
 */
export function runWithServer(body: MarbleBody, options?: TestingControllerOptions): TestingController;
export function runWithServer(scheduler: TestScheduler, body: MarbleBody, options?: TestingControllerOptions): TestingController;
export function runWithServer(
  first: TestScheduler | MarbleBody,
  second?: MarbleBody | TestingControllerOptions,
  third: TestingControllerOptions = {},
): TestingController {
  if (typeof first === 'function') return runIn(createMarbleScheduler(), first, (second as TestingControllerOptions | undefined) ?? {});
  return runIn(first, second as MarbleBody, third);
}

/** @internal `runWithServer` with its arguments sorted out (`EraCase.run` reads its overloads the same way). */
export function runIn(scheduler: TestScheduler, body: MarbleBody, options: TestingControllerOptions): TestingController {
  const server = createTestingController(options);
  scheduler.run((helpers) => {
    body(server, helpers);
    helpers.flush();
    server.verify();
  });
  return server;
}
