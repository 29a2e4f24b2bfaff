import type { ChildProcess } from 'node:child_process';

/**
 * Ends a child process: `signal` (SIGTERM unless told), then SIGKILL if it is still there after 2 s. Resolves once
 * it has exited; at once when it already had (or was never started).
 */
export function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 2000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}
