import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, fromPromise, not, setup } from 'xstate';
import {
  DIAGRAMS_PATH,
  MACHINES_DIR,
  discoverMachines,
  generateMachinesDocument,
  renderMachineDiagram,
} from '#scripts/machines-diagrams';

const root = path.resolve(import.meta.dirname, '../../..');

describe('machine diagrams', () => {
  it('docs/machines.md is what `npm run machines:diagrams` writes from the machines as they are now', async () => {
    const { document } = await generateMachinesDocument(root);
    const onDisk = await readFile(path.join(root, DIAGRAMS_PATH), 'utf8').catch(() => null);
    expect(onDisk, `${DIAGRAMS_PATH} is out of date: run \`npm run machines:diagrams\` and commit the result`).toBe(
      document,
    );
  });

  it('finds every *-machine.ts of src/machines, and importing them needs no window and no Worker', async () => {
    const discovery = await discoverMachines(root);
    const files = (await readdir(path.join(root, MACHINES_DIR))).filter((name) => name.endsWith('-machine.ts')).sort();
    expect(discovery.problems).toEqual([]);
    expect(discovery.machines.map((found) => found.file)).toEqual(files.map((name) => `${MACHINES_DIR}/${name}`));
    expect('window' in globalThis || 'Worker' in globalThis).toBe(false);
  });

  it('draws a *-machine.ts file added to the folder without a change to the script, and names files that fail to import or export no machine', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'machines-diagrams-'));
    try {
      await symlink(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
      await mkdir(path.join(scratch, 'flows'));
      const door = `import { setup } from 'xstate';
export const doorMachine = setup({}).createMachine({ id: 'door', initial: 'closed', states: { closed: { on: { 'door.open': 'open' } }, open: { type: 'final' } } });`;
      await writeFile(path.join(scratch, 'flows', 'door-machine.ts'), door);
      await writeFile(path.join(scratch, 'flows', 'door-labels.ts'), `export const label = 'not a machine file';`);
      await writeFile(
        path.join(scratch, 'flows', 'notes-machine.ts'),
        `export const notes = ['a machine file without a machine'];`,
      );
      await writeFile(path.join(scratch, 'flows', 'browser-machine.ts'), `export const width = window.innerWidth;`);

      const { document, discovery } = await generateMachinesDocument(scratch, 'flows');
      expect(discovery.machines.map((found) => [found.file, found.exportName])).toEqual([
        ['flows/door-machine.ts', 'doorMachine'],
      ]);
      expect(discovery.problems).toEqual([
        { file: 'flows/browser-machine.ts', reason: 'could not be imported: window is not defined' },
        { file: 'flows/notes-machine.ts', reason: 'exports no machine' },
      ]);
      expect(document).toContain('## door\n');
      expect(document).toContain('\n    door_closed --> door_open : door.open\n');
      expect(document).toContain('\n    door_open --> [*]\n');
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('shows nested, parallel and final states, guards, invoked actors, tags and the event on each edge', () => {
    const machine = setup({
      types: {
        events: {} as
          { type: 'order.pay' } | { type: 'order.cancel' } | { type: 'order.note' } | { type: 'order.edit' },
      },
      actors: { charge: fromPromise(async () => 'receipt'), ship: fromPromise(async () => 'parcel') },
      guards: { inStock: () => true, isBlocked: () => false },
      actions: { notify: () => {} },
      delays: { patience: 60_000 },
    }).createMachine({
      id: 'order',
      initial: 'cart',
      on: { 'order.cancel': '.cancelled' },
      states: {
        cart: {
          tags: ['editable', 'busy'],
          after: { patience: 'cancelled' },
          on: {
            'order.pay': [
              { guard: and(['inStock', not('isBlocked')]), target: 'paying' },
              { guard: () => true, target: 'cancelled' },
              { target: 'cart' },
            ],
            'order.note': { actions: 'notify' },
          },
        },
        paying: {
          entry: 'notify',
          invoke: { src: 'charge', systemId: 'payment', onDone: 'fulfilment', onError: 'cart' },
          after: { 5000: 'cart' },
        },
        fulfilment: {
          type: 'parallel',
          on: { 'order.edit': '.packing.waiting' },
          states: {
            packing: {
              initial: 'waiting',
              states: {
                waiting: { invoke: { src: 'ship', onDone: 'packed', onError: '#order.cancelled' } },
                packed: { type: 'final' },
              },
            },
            billing: { initial: 'open', states: { open: {} } },
          },
          onDone: 'delivered',
        },
        delivered: { type: 'final' },
        cancelled: { type: 'final' },
      },
    });
    expect(renderMachineDiagram(machine).split('\n')).toEqual([
      'stateDiagram-v2',
      '  state "order" as order {',
      '    [*] --> order_cart',
      '    state "cart" as order_cart',
      '    order_cart : tags: busy, editable',
      '    order_cart : on order.note (targetless)',
      '    state "paying" as order_paying',
      '    order_paying : invoke charge (systemId payment)',
      '    order_paying : entry / notify',
      '    state "fulfilment" as order_fulfilment {',
      '      state "packing" as order_fulfilment_packing {',
      '        [*] --> order_fulfilment_packing_waiting',
      '        state "waiting" as order_fulfilment_packing_waiting',
      '        order_fulfilment_packing_waiting : invoke ship',
      '        state "packed" as order_fulfilment_packing_packed',
      '        order_fulfilment_packing_packed --> [*]',
      '        order_fulfilment_packing_waiting --> order_fulfilment_packing_packed : done(ship)',
      '      }',
      '      --',
      '      state "billing" as order_fulfilment_billing {',
      '        [*] --> order_fulfilment_billing_open',
      '        state "open" as order_fulfilment_billing_open',
      '      }',
      '    }',
      '    note right of order_fulfilment',
      '      on order.edit → packing.waiting',
      '    end note',
      '    state "delivered" as order_delivered',
      '    order_delivered --> [*]',
      '    state "cancelled" as order_cancelled',
      '    order_cancelled --> [*]',
      '    order_cart --> order_paying : order.pay [and(inStock, not(isBlocked))]',
      '    order_cart --> order_cancelled : order.pay [inline]',
      '    order_cart --> order_cart : order.pay [else]',
      '    order_cart --> order_cancelled : after patience',
      '    order_paying --> order_fulfilment : done(charge)',
      '    order_paying --> order_cart : error(charge)',
      '    order_paying --> order_cart : after 5000 ms',
      '    order_fulfilment --> order_delivered : done(order.fulfilment)',
      '    order_fulfilment --> order_cancelled : error(ship) from packing.waiting',
      '  }',
      '  note right of order',
      '    on order.cancel → cancelled',
      '  end note',
    ]);
  });
});
