/**
 * `npm run machines:diagrams`: writes `docs/machines.md`, one Mermaid `stateDiagram-v2` per machine exported
 * by `src/machines/*-machine.ts` (found by machines-discovery.ts), drawn from the machine definitions
 * themselves (state nodes, transitions, guards, invokes, tags), with a table of each machine's named actions
 * and where they run. A new `*-machine.ts` file is picked up without editing this script, and
 * `tests/unit/machines/diagrams.test.ts` fails when the file on disk differs from what this would write.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { discoverMachines, MACHINES_DIR, type DiscoveredMachine, type Discovery } from './machines-discovery';

type AnyStateNode = AnyStateMachine['root'];

export { discoverMachines, MACHINES_DIR, type DiscoveredMachine, type Discovery };

export const DIAGRAMS_PATH = 'docs/machines.md';

const mermaidId = (node: AnyStateNode): string => node.id.replace(/[^A-Za-z0-9_]/g, '_');
/** Quotes would end a Mermaid label early; the rest of the text is safe in `state "…" as id` and after `:`. */
const labelText = (text: string): string => text.replace(/"/g, "'").replace(/[;#]/g, ' ');

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

/** `and(a, not(b))` for combined guards, the name of a named one, `inline` for an anonymous function. */
function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combined = guard as { check?: unknown; guards?: unknown[]; stateValue?: unknown; name: string };
    if (combined.check && Array.isArray(combined.guards))
      return `${combined.name}(${combined.guards.map(guardName).join(', ')})`;
    if (combined.check && combined.stateValue !== undefined) return `stateIn(${JSON.stringify(combined.stateValue)})`;
    return 'inline';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'unknown';
}

/** Names an action when it has one (`'announceSession'`, `{type: 'failWith'}`); built-ins like `assign` are not listed. */
function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string')
    return action.type;
  return null;
}

function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const sources = new Map<string, string>();
  for (const node of allNodes(machine.root)) {
    for (const invoke of node.invoke) sources.set(invoke.id, typeof invoke.src === 'string' ? invoke.src : invoke.id);
  }
  return sources;
}

/** Readable event names: `done(loadTransactions)` for `xstate.done.actor.0.portfolio.loading`, and so on. */
function eventLabel(eventType: string, sources: ReadonlyMap<string, string>): string {
  if (eventType === '') return 'always';
  for (const [prefix, word] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ] as const) {
    if (eventType.startsWith(prefix)) {
      const id = eventType.slice(prefix.length);
      return `${word}(${sources.get(id) ?? id})`;
    }
  }
  if (eventType.startsWith('xstate.done.state.')) return `done(${eventType.slice('xstate.done.state.'.length)})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]} ms` : `after ${after[1]}`;
  return eventType;
}

/** Every transition of `node` in declaration order (the order is the guard priority), with `[else]` after guarded ones. */
function labelledTransitions(
  node: AnyStateNode,
  sources: ReadonlyMap<string, string>,
): Array<{ transition: AnyTransitionDefinition; label: string }> {
  const groups: AnyTransitionDefinition[][] = [...node.transitions.values(), node.always ?? []];
  return groups.flatMap((group) =>
    group.map((transition, index) => {
      const guard =
        transition.guard !== undefined
          ? ` [${guardName(transition.guard)}]`
          : index > 0 && group[index - 1]!.guard !== undefined
            ? ' [else]'
            : '';
      const reenter = transition.reenter ? ' (reenter)' : '';
      return { transition, label: `${eventLabel(transition.eventType, sources)}${guard}${reenter}` };
    }),
  );
}

/** One line of the diagram: an edge written inside the block of `scope` (`null` = top level). */
interface Edge {
  scope: AnyStateNode | null;
  from: AnyStateNode;
  to: AnyStateNode;
  label: string;
}

/** What the diagram shows of a machine: its edges, and the lines listed inside (or beside) each state. */
interface Layout {
  edges: Edge[];
  notes: Map<AnyStateNode, string[]>;
}

const lineage = (node: AnyStateNode): AnyStateNode[] => (node.parent ? [...lineage(node.parent), node] : [node]);
const pathBelow = (node: AnyStateNode, ancestor: AnyStateNode): string =>
  node.path.slice(ancestor.path.length).join('.');

/**
 * Mermaid moves a state into whichever block first names it, and cannot draw an edge between states of
 * different composite states. So an edge is written in the block holding both ends, its ends lifted to that
 * block's children, and the label says which inner state it really leaves (`from …`) or enters (`to …`).
 * A transition from a state into its own descendant (or out to its ancestor) becomes a line of that state.
 */
function place(from: AnyStateNode, to: AnyStateNode, label: string, layout: Layout): void {
  const a = lineage(from);
  const b = lineage(to);
  let depth = 0;
  while (depth + 1 < a.length && depth + 1 < b.length && a[depth + 1] === b[depth + 1]) depth += 1;
  const common = a[depth]!;
  if (from === to) {
    layout.edges.push({ scope: from.parent ?? null, from, to, label });
  } else if (common === from || common === to) {
    const target = common === from ? pathBelow(to, from) : `#${to.id}`;
    layout.notes.set(from, [...(layout.notes.get(from) ?? []), `on ${label} → ${target}`]);
  } else {
    const liftedFrom = a[depth + 1]!;
    const liftedTo = b[depth + 1]!;
    const fromText = liftedFrom === from ? '' : ` from ${pathBelow(from, liftedFrom)}`;
    const toText = liftedTo === to ? '' : ` to ${pathBelow(to, liftedTo)}`;
    layout.edges.push({ scope: common, from: liftedFrom, to: liftedTo, label: `${label}${fromText}${toText}` });
  }
}

function stateLines(node: AnyStateNode): string[] {
  const lines: string[] = [];
  if (node.tags.length > 0) lines.push(`tags: ${[...node.tags].sort().join(', ')}`);
  for (const invoke of node.invoke) {
    const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
    const named = /^\d+\./.test(invoke.id) || invoke.id === src ? '' : ` as ${invoke.id}`;
    lines.push(`invoke ${src}${named}${invoke.systemId ? ` (systemId ${invoke.systemId})` : ''}`);
  }
  const entry = node.entry.map(actionName).filter((name): name is string => name !== null);
  if (entry.length > 0) lines.push(`entry / ${entry.join(', ')}`);
  const exit = node.exit.map(actionName).filter((name): name is string => name !== null);
  if (exit.length > 0) lines.push(`exit / ${exit.join(', ')}`);
  return lines;
}

function layoutOf(machine: AnyStateMachine): Layout {
  const sources = invokeSources(machine);
  const layout: Layout = { edges: [], notes: new Map() };
  for (const node of allNodes(machine.root)) {
    layout.notes.set(node, [...stateLines(node), ...(layout.notes.get(node) ?? [])]);
    for (const { transition, label } of labelledTransitions(node, sources)) {
      const targets = transition.target ?? [];
      if (targets.length === 0) layout.notes.set(node, [...(layout.notes.get(node) ?? []), `on ${label} (targetless)`]);
      for (const to of targets) place(node, to, label, layout);
    }
  }
  return layout;
}

const edgeLine = (edge: Edge): string => `${mermaidId(edge.from)} --> ${mermaidId(edge.to)} : ${labelText(edge.label)}`;

function stateTitle(node: AnyStateNode): string {
  if (node.type === 'history') return `${node.key} (history, ${node.history || 'shallow'})`;
  return node.key;
}

/** The Mermaid lines of one machine: the root is a composite state named after the machine. */
export function renderMachineDiagram(machine: AnyStateMachine): string {
  const { edges, notes } = layoutOf(machine);
  const lines = ['stateDiagram-v2'];
  const block = (node: AnyStateNode, depth: number): void => {
    const pad = '  '.repeat(depth);
    const id = mermaidId(node);
    const children = Object.values(node.states);
    const parent = node.parent;
    if (parent && parent.type !== 'parallel' && parent.initial.target.includes(node)) lines.push(`${pad}[*] --> ${id}`);
    if (children.length === 0) {
      lines.push(`${pad}state "${labelText(stateTitle(node))}" as ${id}`);
      for (const note of notes.get(node) ?? []) lines.push(`${pad}${id} : ${labelText(note)}`);
    } else {
      lines.push(`${pad}state "${labelText(stateTitle(node))}" as ${id} {`);
      children.forEach((child, index) => {
        if (node.type === 'parallel' && index > 0) lines.push(`${pad}  --`);
        block(child, depth + 1);
      });
      for (const edge of edges.filter((e) => e.scope === node)) lines.push(`${pad}  ${edgeLine(edge)}`);
      lines.push(`${pad}}`);
      const own = notes.get(node) ?? [];
      if (own.length > 0)
        lines.push(`${pad}note right of ${id}`, ...own.map((note) => `${pad}  ${labelText(note)}`), `${pad}end note`);
    }
    if (node.type === 'final') lines.push(`${pad}${id} --> [*]`);
  };
  block(machine.root, 1);
  for (const edge of edges.filter((e) => e.scope === null)) lines.push(`  ${edgeLine(edge)}`);
  return lines.join('\n');
}

/** Each named action (`setup({actions})`, named by string or `{type, params}`) and where it runs: `state: entry`, `state: exit`, `state: <edge label>`. */
export function actionUses(machine: AnyStateMachine): Map<string, string[]> {
  const sources = invokeSources(machine);
  const uses = new Map<string, Set<string>>();
  const add = (actions: readonly unknown[], where: string): void => {
    for (const name of actions.map(actionName))
      if (name !== null) uses.set(name, (uses.get(name) ?? new Set()).add(where));
  };
  for (const node of allNodes(machine.root)) {
    const at = node.path.length > 0 ? node.path.join('.') : `(${machine.id})`;
    add(node.entry, `${at}: entry`);
    add(node.exit, `${at}: exit`);
    for (const { transition, label } of labelledTransitions(node, sources)) add(transition.actions, `${at}: ${label}`);
  }
  return new Map([...uses].sort(([a], [b]) => a.localeCompare(b)).map(([name, where]) => [name, [...where]]));
}

/** The table of a machine's named actions; none without any. Built-ins written inline (`spawnChild(…)`) have no name. */
function actionsTable(machine: AnyStateMachine): string[] {
  const rows = [...actionUses(machine)].map(
    ([name, where]) => `| \`${name}\` | ${where.map((w) => w.replace(/\|/g, '\\|')).join('<br>')} |`,
  );
  return rows.length > 0 ? ['| action | runs in |', '|---|---|', ...rows, ''] : [];
}

/** The whole `docs/machines.md`: a heading per machine, its source file, and its diagram. */
function renderMachinesDocument(machines: readonly DiscoveredMachine[]): string {
  const sections = machines.map(({ file, exportName, machine }) => {
    const states = allNodes(machine.root).length - 1;
    return [
      `## ${machine.id}`,
      '',
      `\`${exportName}\` in [\`${file}\`](../${file}): ${states} state${states === 1 ? '' : 's'} below the root.`,
      '',
      '```mermaid',
      renderMachineDiagram(machine),
      '```',
      '',
      ...actionsTable(machine),
    ].join('\n');
  });
  return [
    '# State machines',
    '',
    '<!-- Generated by `npm run machines:diagrams` from the machine definitions; do not edit by hand. -->',
    '',
    'Every flow of the app is one XState machine in `src/machines`. Edges carry the event, the guard in',
    'brackets (`[else]` when an earlier guard for the same event failed), `done(actor)` / `error(actor)` for an',
    "invoked actor's outcome and `always` for eventless transitions. Each state lists its tags, the actors it",
    'invokes, its named entry and exit actions, and the events it handles without leaving (targetless). Below each',
    "diagram, a table names each of the machine's actions (every `assign` included) and where it runs.",
    '',
    ...sections,
  ].join('\n');
}

export async function generateMachinesDocument(
  rootDir: string,
  machinesDir: string = MACHINES_DIR,
): Promise<{ document: string; discovery: Discovery }> {
  const discovery = await discoverMachines(rootDir, machinesDir);
  return { document: renderMachinesDocument(discovery.machines), discovery };
}

async function main(): Promise<number> {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { document, discovery } = await generateMachinesDocument(rootDir);
  if (discovery.problems.length > 0) {
    for (const { file, reason } of discovery.problems) console.error(`${file} ${reason}.`);
    console.error(`${DIAGRAMS_PATH} was not written.`);
    return 1;
  }
  await mkdir(path.join(rootDir, path.dirname(DIAGRAMS_PATH)), { recursive: true });
  await writeFile(path.join(rootDir, DIAGRAMS_PATH), document);
  console.log(`Wrote ${DIAGRAMS_PATH}: ${discovery.machines.map((m) => m.machine.id).join(', ')}.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
