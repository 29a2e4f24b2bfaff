/** Most stderr lines kept for an exit error. */
export const STDERR_TAIL_LINES = 20;
/** Most stderr characters kept for an exit error. */
export const STDERR_TAIL_CHARS = 8 * 1024;

/** A bounded ring of the last lines a process wrote to stderr (by line count and by total characters). */
export class StderrTail {
  private readonly kept: string[] = [];
  private chars = 0;

  constructor(
    private readonly maxLines: number = STDERR_TAIL_LINES,
    private readonly maxChars: number = STDERR_TAIL_CHARS,
  ) {}

  /** Remembers one line, dropping the oldest ones past the bounds; an overlong line keeps its end. */
  push(line: string): void {
    const kept = line.length > this.maxChars ? `…${line.slice(line.length - this.maxChars + 1)}` : line;
    this.kept.push(kept);
    this.chars += kept.length;
    while (this.kept.length > this.maxLines || this.chars > this.maxChars) {
      this.chars -= this.kept.shift()?.length ?? 0;
    }
  }

  /** The kept lines, oldest first. */
  lines(): readonly string[] {
    return [...this.kept];
  }
}
