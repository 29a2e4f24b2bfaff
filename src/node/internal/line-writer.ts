import type { Writable } from 'node:stream';

/**
 * Writes lines to a stream and honours its backpressure with one `drain` listener for the stream's whole
 * life: once `write` returns `false`, further lines wait in a queue that is flushed on `drain`.
 */
export class LineWriter {
  private queue: string[] = [];
  private head = 0;
  private blocked = false;
  private ending = false;
  private closed = false;

  constructor(private readonly stream: Writable) {
    stream.on('drain', () => this.flush());
  }

  /** Lines waiting for the stream to drain. */
  get queued(): number {
    return this.queue.length - this.head;
  }

  /** Writes `line` now, or queues it behind earlier lines while the stream is full. */
  write(line: string): void {
    if (this.closed || this.ending) return;
    if (this.blocked) this.queue.push(line);
    else this.send(line);
  }

  /** Ends the stream once every queued line has been written. */
  end(): void {
    if (this.closed || this.ending) return;
    this.ending = true;
    if (!this.blocked) this.finish();
  }

  /** Ends the stream now, dropping queued lines. */
  close(): void {
    if (this.closed) return;
    this.queue = [];
    this.head = 0;
    this.finish();
  }

  private send(line: string): void {
    if (!this.stream.writable) return;
    this.blocked = !this.stream.write(line);
  }

  private flush(): void {
    this.blocked = false;
    while (!this.blocked && this.head < this.queue.length) {
      const line = this.queue[this.head] ?? '';
      this.queue[this.head] = '';
      this.head += 1;
      this.send(line);
    }
    this.compact();
    if (!this.blocked && this.ending) this.finish();
  }

  private compact(): void {
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  private finish(): void {
    this.closed = true;
    if (this.stream.writable) this.stream.end();
  }
}
