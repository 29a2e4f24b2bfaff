import { render } from 'lit-html';
import { Subject } from 'rxjs';
import type { Tool } from 'rxmcp';
import type { ToolDrift } from 'rxmcp/agent';
import type { Dashboard } from '../../examples/dashboard/src/dashboard.js';
import { ToolsPanel } from '../../examples/dashboard/src/view/tools.js';

const notes: Tool = { name: 'notes', inputSchema: { type: 'object' }, annotations: { readOnlyHint: false, destructiveHint: true } };
const flipped: ToolDrift = {
  kind: 'changed', name: 'notes', fields: ['annotations'],
  annotations: [{ key: 'destructiveHint', from: undefined, to: true }, { key: 'readOnlyHint', from: true, to: false }],
};

/** The tools panel of a page whose last listing changed `notes` since it was pinned, without a server. */
function panel(drift: readonly ToolDrift[]): { element: HTMLElement; tools: ToolsPanel } {
  const page = {
    tools: { items: [notes], error: undefined, stale: false, refreshing: false },
    drift,
    settings: { trust: false },
    calls: { latestOf: () => undefined },
    client: undefined,
    changed: new Subject(),
  } as unknown as Dashboard;
  const tools = new ToolsPanel(page, { read: () => undefined });
  const element = document.createElement('div');
  render(tools.render(), element);
  return { element, tools };
}

describe('dashboard tools panel drift marks (examples/dashboard, in Chromium)', () => {
  it('marks a tool whose readOnlyHint flipped since it was pinned, saying what changed, and shows the selected tool\'s change', () => {
    const { element, tools } = panel([flipped, { kind: 'removed', name: 'old' }]);
    const badge = element.querySelector('li[data-tool="notes"] .badge.drift.changed');
    expect(badge?.textContent).toBe('changed since pinned');
    expect(badge?.getAttribute('title')).toBe('notes changed: annotations (destructiveHint unset → true, readOnlyHint true → false)');
    expect(element.querySelector('li.drift-removed[data-removed="old"]')?.textContent).toContain('pinned, no longer listed');
    (element.querySelector('li[data-tool="notes"] button') as HTMLButtonElement).click();
    render(tools.render(), element);
    expect(element.querySelector('.tool-detail .drift-detail')?.textContent).toBe('notes changed: annotations (destructiveHint unset → true, readOnlyHint true → false)');
  });

  it('marks nothing when the listing matches the pins', () => {
    expect(panel([]).element.querySelectorAll('.badge.drift').length).toBe(0);
  });
});
