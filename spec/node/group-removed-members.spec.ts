import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { firstValueFrom, filter, type Subscription } from 'rxjs';
import { createClientGroup, type Client, type ClientGroup } from '../../src/index.js';
import { createTestingController, serveTools, tool } from '../../src/testing/index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Collects garbage until `ref` is cleared, a few rounds at most (a WeakRef's target lives to the end of the job). */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let round = 0; round < 5 && ref.deref() !== undefined; round += 1) {
    await tick();
    gc();
  }
  return ref.deref() === undefined;
}

/** Adds server `a` to the group, waits until its tools are in the merged list, and removes it again. */
async function addAndRemove(group: ClientGroup): Promise<WeakRef<Client>> {
  const server = createTestingController({ revision: '2025-11-25' });
  serveTools(server, [tool('search')]);
  const ref = new WeakRef(group.add('a', server.transport));
  await firstValueFrom(group.tools$.pipe(filter((tools) => tools.some((t) => t.name === 'a__search'))));
  group.remove('a');
  return ref;
}

describe('client group: a removed server is forgotten', () => {
  it('keeps no reference to the client of a removed server in its catalogs and diagnostics', async () => {
    const group = createClientGroup();
    const held: Subscription[] = [
      group.tools$.subscribe(), group.resources$.subscribe(), group.resourceTemplates$.subscribe(), group.prompts$.subscribe(),
      group.diagnostics$.subscribe(), group.states$.subscribe(),
    ];
    try {
      const ref = await addAndRemove(group);
      expect(group.servers).toEqual([]);
      expect(await collected(ref)).withContext('the removed client was garbage-collected').toBeTrue();
    } finally {
      held.forEach((subscription) => subscription.unsubscribe());
      group.close();
    }
  });
});
