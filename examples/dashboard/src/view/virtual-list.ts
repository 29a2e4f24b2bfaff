import { html, type TemplateResult } from 'lit-html';

/**
 * A list that puts only its visible rows in the DOM (fixed row height): thousands of log lines or frames cost
 * the same as forty. It follows the end while scrolled to the bottom.
 */
export class VirtualList {
  private scrollTop = 0;
  private following = true;

  constructor(
    private readonly rowHeight: number,
    private readonly height: number,
    private readonly onScroll: () => void,
  ) {}

  render<T>(items: readonly T[], key: (item: T) => number, row: (item: T) => TemplateResult): TemplateResult {
    const total = items.length * this.rowHeight;
    if (this.following) this.scrollTop = Math.max(0, total - this.height);
    const first = Math.max(0, Math.floor(this.scrollTop / this.rowHeight) - 5);
    const last = Math.min(items.length, Math.ceil((this.scrollTop + this.height) / this.rowHeight) + 5);
    const rows = items.slice(first, last);
    return html`<div class="virtual" style="height:${this.height}px" @scroll=${(event: Event) => this.scrolled(event, total)}>
      <div class="virtual-inner" style="height:${total}px">
        ${rows.map((item, index) => html`<div class="row" data-key=${key(item)} style="top:${(first + index) * this.rowHeight}px;height:${this.rowHeight}px">${row(item)}</div>`)}
      </div>
    </div>`;
  }

  /** After rendering into `root`: keeps the list scrolled to its end while it follows. */
  sync(root: HTMLElement): void {
    const element = root.querySelector<HTMLElement>('.virtual');
    if (element !== null && this.following) element.scrollTop = element.scrollHeight;
  }

  private scrolled(event: Event, total: number): void {
    const element = event.currentTarget as HTMLElement;
    this.scrollTop = element.scrollTop;
    this.following = element.scrollTop + element.clientHeight >= total - this.rowHeight;
    this.onScroll();
  }
}
