import type { Client } from 'rxmcp';
import { catalogStatus } from '../../../examples/dashboard/src/view/catalog.js';

const page = (capabilities: Record<string, unknown> | undefined) =>
  ({ client: (capabilities === undefined ? { server: undefined } : { server: { capabilities } }) as unknown as Client });

describe('dashboard catalog headings and empty states', () => {
  it('says a server without the capability offers none, whatever listing gave', () => {
    expect(catalogStatus(page({ tools: {} }), { error: new Error('Method not found') }, 'prompts')).toEqual({ count: 'not offered', empty: 'The server offers no prompts.' });
  });

  it('counts a loaded list, and says an empty one is empty', () => {
    expect(catalogStatus(page({ tools: {} }), { items: [1, 2] }, 'tools')).toEqual({ count: '2' });
    expect(catalogStatus(page({ resources: {} }), { items: [] }, 'resources')).toEqual({ count: '0', empty: 'No resources.' });
  });

  it('says why a listing failed, and that it is loading before any answer', () => {
    expect(catalogStatus(page({ tools: {} }), { error: new Error('boom') }, 'tools')).toEqual({ count: 'not listed', empty: 'Listing the tools failed: boom' });
    expect(catalogStatus(page(undefined), undefined, 'tools')).toEqual({ count: '…' });
  });
});
