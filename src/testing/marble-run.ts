import type { RunHelpers, TestScheduler } from 'rxjs/testing';
import { createTestingController } from './controller.js';
import type { TestingController, TestingControllerOptions } from './types.js';

/** The body of a marble test with a scripted server. */
export type MarbleBody = (server: TestingController, helpers: RunHelpers) => void;

/**
 * Runs `body` inside `scheduler.run` with a new testing controller, then flushes virtual time (which checks the
 * marble expectations) and calls `server.verify()`, so that a test cannot forget either. Returns the controller
 * for anything the test still wants to ask it.
 *
 * @throws ExpectationFailedError from `verify()`; whatever the scheduler's assertions throw.
 */
export function runWithServer(scheduler: TestScheduler, body: MarbleBody, options: TestingControllerOptions = {}): TestingController {
  const server = createTestingController(options);
  scheduler.run((helpers) => {
    body(server, helpers);
    helpers.flush();
    server.verify();
  });
  return server;
}
