/**
 * Path tests from a machine's graph: `@xstate/graph` walks the machine's pure transitions to find the
 * shortest event sequence reaching every state, and `replayPath` drives the real machine through each
 * sequence, its invoked actors replaced by ones the path itself settles (`xstate.done.actor.<id>` resolves
 * the running promise actor with that id, `xstate.error.actor.<id>` rejects it).
 */
import { getShortestPaths, getStateNodes, type StatePath } from '@xstate/graph';
import { expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyActorScope,
} from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';

type AnyStateNode = AnyStateMachine['root'];
type MachinePath = StatePath<AnyMachineSnapshot, EventObject>;
/** More states than this means the walk never ends: some context value grows on every round. */
const WALK_LIMIT = 10_000;

export interface GraphSetup {
  /** What users, neighbours and callback actors send, with payloads; in each state the walk tries those it can take. */
  events: readonly EventObject[];
  /** Outputs of the invoked promise actors, by `src`: each one is a done event; every actor also fails once. */
  outputs: Record<string, readonly unknown[]>;
  /** Further failures worth a path of their own, by `src` (a 412 conflict, say). */
  failures?: Record<string, readonly unknown[]>;
  input?: unknown;
  /** Actors the machine reaches through its system (`system.get(id)`), keyed by system id. */
  neighbours?: Record<string, AnyActorLogic>;
  /** Callback actors (by `src`) and the events they send back to the machine. */
  callbackEvents?: Record<string, readonly string[]>;
  /** What tells two snapshots of one state value apart in the walk; the context unless a counter would never end it. */
  stateKey?: (snapshot: AnyMachineSnapshot) => unknown;
}

/** A generated path: its events, and the value and context after each one by the machine's own transitions. */
interface GeneratedPath {
  target: StateValue;
  events: EventObject[];
  expected: Array<{ value: StateValue; context: unknown }>;
}

interface InvokedActor {
  stateId: string;
  invokeId: string;
  src: string;
}

/** Every state node below the root, in document order. */
const stateNodesOf = (machine: AnyStateMachine): AnyStateNode[] => getStateNodes(machine.root);

/** The state value naming `node`: `'loading'`, or `{ ready: 'settled' }` for `portfolio.ready.settled`. */
function stateValueOf(node: AnyStateNode): StateValue {
  const keys = node.path;
  return keys.slice(0, -1).reduceRight<StateValue>((inner, key) => ({ [key]: inner }), keys[keys.length - 1]!);
}

function invokedActors(machine: AnyStateMachine): InvokedActor[] {
  return [machine.root, ...stateNodesOf(machine)].flatMap((node) =>
    node.invoke.map((invoke) => ({
      stateId: node.id,
      invokeId: invoke.id,
      src: typeof invoke.src === 'string' ? invoke.src : invoke.id,
    })),
  );
}

/** The id the machine gives the actor invoked in `stateId`, as it appears in `xstate.done.actor.<id>`. */
export function invokeIdOf(machine: AnyStateMachine, stateId: string): string {
  const found = invokedActors(machine).filter((actor) => actor.stateId === stateId);
  if (found.length !== 1) throw new Error(`${stateId} invokes ${found.length} actors, expected one`);
  return found[0]!.invokeId;
}

/** Event types some state of the machine handles, apart from the machine's own `xstate.*` events. */
function handledEventTypes(machine: AnyStateMachine): string[] {
  const types = [machine.root, ...stateNodesOf(machine)].flatMap((node) => [...node.transitions.keys()]);
  return [...new Set(types)].filter((type) => !type.startsWith('xstate.')).sort();
}

/** The setup's events, and the done and error events of every promise actor the machine invokes. */
function walkEvents(machine: AnyStateMachine, setup: GraphSetup): EventObject[] {
  const settled = invokedActors(machine)
    .filter(({ src }) => !(src in (setup.callbackEvents ?? {})))
    .flatMap(({ invokeId, src }) => [
      ...(setup.outputs[src] ?? []).map((output) => ({ type: `xstate.done.actor.${invokeId}`, output })),
      ...[new Error(`${src} failed`), ...(setup.failures?.[src] ?? [])].map((error) => ({
        type: `xstate.error.actor.${invokeId}`,
        error,
      })),
    ]);
  return [...setup.events, ...settled];
}

/** What the setup lacks for a full walk: events the machine handles, outputs of actors it invokes. */
function missingFromSetup(machine: AnyStateMachine, setup: GraphSetup) {
  const given = new Set(setup.events.map((event) => event.type));
  const promiseSrcs = invokedActors(machine)
    .map(({ src }) => src)
    .filter((src) => !(src in (setup.callbackEvents ?? {})));
  return {
    events: handledEventTypes(machine).filter((type) => !given.has(type)),
    outputs: [...new Set(promiseSrcs)].filter((src) => !setup.outputs[src]).sort(),
  };
}

/** A root that starts the neighbours under their system ids (and the machine under test, as `subject`). */
function hostMachine(neighbours: Record<string, AnyActorLogic>, subject?: { logic: AnyActorLogic; input: unknown }) {
  return createMachine({
    id: 'host',
    invoke: [
      ...Object.entries(neighbours).map(([systemId, src]) => ({ id: systemId, systemId, src })),
      ...(subject ? [{ id: 'subject', src: subject.logic, input: subject.input }] : []),
    ],
  });
}

/**
 * The machine as `@xstate/graph` sees it, with transitions computed inside a host system so input mappers
 * that look up neighbours (`self.system.get('portfolio')`) find them. Nothing is started or executed.
 */
function withinHost(machine: AnyStateMachine, host: AnyActorRef): AnyStateMachine {
  const ignore = () => {};
  const scope: AnyActorScope = {
    self: host,
    id: host.id,
    sessionId: host.sessionId,
    system: host.system,
    logger: ignore,
    defer: ignore,
    emit: ignore,
    stopChild: ignore,
    actionExecutor: ignore,
  };
  return Object.assign(Object.create(machine) as AnyStateMachine, {
    transition: (snapshot: AnyMachineSnapshot, event: EventObject) => machine.transition(snapshot, event, scope),
    getInitialSnapshot: (_scope: AnyActorScope, input: unknown) => machine.getInitialSnapshot(scope, input),
  });
}

const valueKey = (value: StateValue): string => JSON.stringify(value);

/**
 * One shortest path per state value the machine can reach from its initial state. The walk tells states
 * apart by value and `stateKey`; each path's expected snapshots are then computed again, event by event,
 * with the machine's pure transitions, so they are exactly what the real machine should pass through.
 */
function shortestPathsToEveryState(machine: AnyStateMachine, setup: GraphSetup): GeneratedPath[] {
  const events = walkEvents(machine, setup);
  const stateKey = setup.stateKey ?? ((snapshot: AnyMachineSnapshot) => snapshot.context);
  const host = createActor(hostMachine(setup.neighbours ?? {})).start();
  try {
    const scoped = withinHost(machine, host);
    let paths: MachinePath[];
    try {
      paths = getShortestPaths(scoped, {
        events: (snapshot: AnyMachineSnapshot) => events.filter((event) => snapshot.can(event)),
        serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, stateKey(snapshot)]),
        input: setup.input,
        limit: WALK_LIMIT,
      }) as MachinePath[];
    } catch (error) {
      throw new Error(
        `The walk of ${machine.id} did not end (${String(error)}): give the setup a stateKey that leaves out growing counters.`,
        { cause: error },
      );
    }
    const shortest = new Map<string, MachinePath>();
    for (const path of paths) {
      const key = valueKey(path.state.value);
      const known = shortest.get(key);
      if (!known || path.steps.length < known.steps.length) shortest.set(key, path);
    }
    return [...shortest.values()]
      .sort((a, b) => a.steps.length - b.steps.length || valueKey(a.state.value).localeCompare(valueKey(b.state.value)))
      .map((path) => {
        const pathEvents = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
        let snapshot = scoped.getInitialSnapshot(undefined as never, setup.input);
        const expected = pathEvents.map((event) => {
          snapshot = scoped.transition(snapshot, event, undefined as never);
          return { value: snapshot.value, context: snapshot.context };
        });
        return { target: path.state.value, events: pathEvents, expected };
      });
  } finally {
    host.stop();
  }
}

/** Replaced actors that wait for the path: promise actors settle on done/error steps, callbacks send back. */
class PathActors {
  private readonly running = new Map<
    string,
    { resolve: (output: unknown) => void; reject: (error: unknown) => void }
  >();
  private readonly callbacks = new Map<string, { src: string; sendBack: (event: EventObject) => void }>();

  constructor(private readonly callbackEvents: Record<string, readonly string[]>) {}

  logic(machine: AnyStateMachine): Record<string, AnyActorLogic> {
    const srcs = [...new Set(invokedActors(machine).map((actor) => actor.src))];
    return Object.fromEntries(
      srcs.map((src) => [
        src,
        src in this.callbackEvents
          ? fromCallback(({ self, sendBack }) => {
              const entry = { src, sendBack };
              this.callbacks.set(self.id, entry);
              return () => this.forget(this.callbacks, self.id, entry);
            })
          : fromPromise(
              ({ self, signal }) =>
                new Promise((resolve, reject) => {
                  const entry = { resolve, reject };
                  this.running.set(self.id, entry);
                  // A stopped actor (its state was left) can no longer be settled: a path that tries fails loudly.
                  signal.addEventListener('abort', () => this.forget(this.running, self.id, entry));
                }),
            ),
      ]),
    );
  }

  /** A state re-entered starts a new actor under the same id before the old one is gone: keep the new one. */
  private forget<T>(registry: Map<string, T>, id: string, entry: T): void {
    if (registry.get(id) === entry) registry.delete(id);
  }

  /** Settles the actor a done/error event names, or sends a callback's event through it; false for other events. */
  deliver(event: EventObject & { output?: unknown; error?: unknown }): boolean {
    const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (settled) {
      const actor = this.running.get(settled[2]!);
      if (!actor) throw new Error(`The path sends ${event.type}, but no actor with that id is running.`);
      this.running.delete(settled[2]!);
      if (settled[1] === 'done') actor.resolve(event.output);
      else actor.reject(event.error);
      return true;
    }
    const sender = Object.keys(this.callbackEvents).find((src) => this.callbackEvents[src]!.includes(event.type));
    if (sender === undefined) return false;
    const callback = [...this.callbacks.values()].find((entry) => entry.src === sender);
    if (!callback) throw new Error(`The path sends ${event.type}, but no ${sender} actor is running to send it.`);
    callback.sendBack(event);
    return true;
  }
}

/** Lets settled promises reach the machine: their done events travel through a few microtasks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Replay {
  /** Value and context after each event, as the real machine reached them. */
  reached: Array<{ value: StateValue; context: unknown }>;
  /** Ids of the states the machine entered on the way, transient ones (left by `always`) included. */
  entered: Set<string>;
}

/** Drives the real machine (its actors replaced) through the path's events and records where it went. */
async function replayPath(machine: AnyStateMachine, path: GeneratedPath, setup: GraphSetup): Promise<Replay> {
  const actors = new PathActors(setup.callbackEvents ?? {});
  const nodes = stateNodesOf(machine);
  const seen: Array<{ sessionId: string; snapshot: AnyMachineSnapshot }> = [];
  const subjectLogic = machine.provide({ actors: actors.logic(machine) });
  const host = createActor(hostMachine(setup.neighbours ?? {}, { logic: subjectLogic, input: setup.input }), {
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep' || inspection.type === '@xstate.snapshot') {
        seen.push({ sessionId: inspection.actorRef.sessionId, snapshot: inspection.snapshot as AnyMachineSnapshot });
      }
    },
  });
  host.start();
  const subject = host.getSnapshot().children.subject as AnyActorRef;
  const reached: Replay['reached'] = [];
  try {
    for (const event of path.events) {
      if (!actors.deliver(event)) subject.send(event);
      await settle();
      const snapshot = subject.getSnapshot() as AnyMachineSnapshot;
      reached.push({ value: snapshot.value, context: snapshot.context });
    }
  } finally {
    host.stop();
  }
  const entered = new Set<string>();
  for (const { sessionId, snapshot } of seen) {
    if (sessionId === subject.sessionId)
      for (const node of nodes) if (snapshot.matches(stateValueOf(node))) entered.add(node.id);
  }
  return { reached, entered };
}

/** `session.changed → done(loadTransactions) → …`: how a test names a path. */
function describePath(machine: AnyStateMachine, path: GeneratedPath): string {
  const srcOf = new Map(invokedActors(machine).map((actor) => [actor.invokeId, actor.src]));
  const names = path.events.map(({ type }) => {
    const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    return settled ? `${settled[1]}(${srcOf.get(settled[2]!) ?? settled[2]})` : type;
  });
  return names.length === 0 ? 'the initial state' : names.join(' → ');
}

/**
 * The path tests of a machine: the setup covers what the machine handles, each shortest path replays to
 * the snapshots the machine's transitions predict (value and context after every event), every state is entered.
 */
export function testShortestPaths(machine: AnyStateMachine, setup: GraphSetup): void {
  const paths = shortestPathsToEveryState(machine, setup);

  it('the walk has an event for everything the machine handles and an output for every actor it invokes', () => {
    expect(missingFromSetup(machine, setup)).toEqual({ events: [], outputs: [] });
  });

  for (const path of paths) {
    it(`reaches ${JSON.stringify(path.target)} by ${describePath(machine, path)}`, async () => {
      if (path.expected.length > 0)
        expect(
          path.expected.at(-1)!.value,
          'the events found for this state lead elsewhere: refine the stateKey',
        ).toEqual(path.target);
      const replay = await replayPath(machine, path, setup);
      expect(replay.reached).toEqual(path.expected);
    });
  }

  it('every state, transient ones included, is entered on some path', async () => {
    const entered = new Set<string>();
    for (const path of paths) for (const id of (await replayPath(machine, path, setup)).entered) entered.add(id);
    const never = stateNodesOf(machine)
      .map((node) => node.id)
      .filter((id) => !entered.has(id));
    expect(
      never,
      'states no generated path enters: unreachable, or an event or actor output is missing from the setup',
    ).toEqual([]);
  });
}
