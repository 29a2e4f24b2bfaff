import { closeSync, type FSWatcher, openSync, readSync, watch, writeSync } from 'node:fs';
import { COUNTER_URI, type ExampleActivity, type ExampleChange, type ExampleWorld } from './state.js';

const READ_CHUNK = 64 * 1024;
/** How often the journal is read when no file event came (a safety net for file systems without events). */
const POLL_MS = 100;

/**
 * The example world kept in an append-only journal file that several server processes share: each change is one
 * line (`bump`, `toggle`) appended with `O_APPEND`, which the kernel writes whole, so processes never interleave
 * within a line. Every process reads the journal up to its end before it answers a read and after it writes, and
 * when the file changes, and tells its listeners about every change, its own and the others'. No server process
 * keeps state of its own: whichever instance a request lands on sees the same counter and the same tool list.
 */
export class JournalState implements ExampleWorld {
  private readonly appendFd: number;
  private readonly readFd: number;
  private readonly buffer = Buffer.alloc(READ_CHUNK);
  private readonly listeners = new Set<(change: ExampleChange) => void>();
  private readonly watcher: FSWatcher;
  private readonly poll: NodeJS.Timeout;
  private offset = 0;
  private partial = '';
  private bonus = false;
  private count = 0;

  /** Opens (or creates) the journal at `path` and reads it to its end. */
  constructor(readonly path: string) {
    this.appendFd = openSync(path, 'a');
    this.readFd = openSync(path, 'r');
    this.catchUp();
    this.watcher = watch(path, () => this.catchUp());
    this.poll = setInterval(() => this.catchUp(), POLL_MS);
    this.poll.unref();
  }

  get bonusEnabled(): boolean {
    this.catchUp();
    return this.bonus;
  }

  get counter(): number {
    this.catchUp();
    return this.count;
  }

  toggleBonus(): boolean {
    this.append('toggle');
    return this.bonus;
  }

  bump(): number {
    this.append('bump');
    return this.count;
  }

  /** Activities are not shared between instances: nothing is kept. */
  record(_activity: ExampleActivity): void {}

  subscribe(listener: (change: ExampleChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Stops following the journal and closes it. */
  close(): void {
    this.watcher.close();
    clearInterval(this.poll);
    this.listeners.clear();
    closeSync(this.appendFd);
    closeSync(this.readFd);
  }

  private append(entry: string): void {
    writeSync(this.appendFd, `${entry}\n`);
    this.catchUp();
  }

  /** Applies every complete line written since the last read, in order. */
  private catchUp(): void {
    for (;;) {
      const read = readSync(this.readFd, this.buffer, 0, READ_CHUNK, this.offset);
      if (read === 0) return;
      this.offset += read;
      const lines = (this.partial + this.buffer.toString('latin1', 0, read)).split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) this.apply(line);
    }
  }

  private apply(entry: string): void {
    if (entry === 'bump') {
      this.count += 1;
      this.emit({ kind: 'resource', uri: COUNTER_URI });
    } else if (entry === 'toggle') {
      this.bonus = !this.bonus;
      this.emit({ kind: 'tools' });
    }
  }

  private emit(change: ExampleChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error: unknown) {
        console.error('example journal listener failed:', error);
      }
    }
  }
}
