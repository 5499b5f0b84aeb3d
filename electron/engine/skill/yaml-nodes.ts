// The yaml package's node identity without loading the package: yaml marks each node with registered symbols, so these
// guards read yaml's own nodes and the fast path's node-likes alike; the package itself loads only on first need.
import type * as Yaml from "yaml";
import type { Alias, Node, Pair, Scalar, YAMLMap, YAMLSeq } from "yaml";

const NODE_TYPE = Symbol.for("yaml.node.type");
const ALIAS = Symbol.for("yaml.alias");
const MAP = Symbol.for("yaml.map");
const PAIR = Symbol.for("yaml.pair");
const SCALAR = Symbol.for("yaml.scalar");
const SEQ = Symbol.for("yaml.seq");

const typeOf = (node: unknown): unknown =>
  node !== null && typeof node === "object" ? (node as { [NODE_TYPE]?: unknown })[NODE_TYPE] : undefined;

/** yaml's `isAlias`, without loading yaml. */
export const isAlias = (node: unknown): node is Alias => typeOf(node) === ALIAS;

/** yaml's `isMap`, without loading yaml. */
export const isMap = <K = unknown, V = unknown>(node: unknown): node is YAMLMap<K, V> => typeOf(node) === MAP;

/** yaml's `isScalar`, without loading yaml. */
export const isScalar = <T = unknown>(node: unknown): node is Scalar<T> => typeOf(node) === SCALAR;

/** yaml's `isSeq`, without loading yaml. */
export const isSeq = <T = unknown>(node: unknown): node is YAMLSeq<T> => typeOf(node) === SEQ;

/** yaml's `isCollection` (a mapping or a list), without loading yaml. */
export function isCollection<K = unknown, V = unknown>(node: unknown): node is YAMLMap<K, V> | YAMLSeq<V> {
  const type = typeOf(node);
  return type === MAP || type === SEQ;
}

/** yaml's `isNode` (alias, mapping, scalar or list), without loading yaml. */
export function isNode<T = unknown>(node: unknown): node is Node<T> {
  const type = typeOf(node);
  return type === ALIAS || type === MAP || type === SCALAR || type === SEQ;
}

/** The fast path's nodes: plain classes whose prototype carries yaml's mark (one shape each, no per-object property). */
class ScalarNode {
  constructor(
    readonly value: string,
    readonly range: [number, number, number],
  ) {}
}
class MapNode {
  constructor(readonly items: unknown[]) {}
}
class PairNode {
  constructor(
    public key: unknown,
    public value: unknown,
  ) {}
}
for (const [type, mark] of [
  [ScalarNode, SCALAR],
  [MapNode, MAP],
  [PairNode, PAIR],
] as const)
  Object.defineProperty(type.prototype, NODE_TYPE, { value: mark });

/** A scalar as the parser builds one for a one-line value: its text and range (data only, no yaml methods). */
export function scalarNode(value: string, start: number, end: number): Scalar<string> {
  return new ScalarNode(value, [start, end, end]) as unknown as Scalar<string>;
}

/** A block mapping holding `items` (data only, no yaml methods). */
export function mapNode<K, V>(items: Array<Pair<K, V>> = []): YAMLMap<K, V> {
  return new MapNode(items) as unknown as YAMLMap<K, V>;
}

/** A mapping's key/value pair (data only, no yaml methods). */
export function pairNode<K, V>(key: K, value: V | null): Pair<K, V> {
  return new PairNode(key, value) as unknown as Pair<K, V>;
}

/** The yaml package's CommonJS exports, which `import()` hands back as `default` (a bundle's chunk hands back only that). */
type YamlExports = (typeof Yaml)["default"];

let yamlModule: Promise<YamlExports> | undefined;

/** The yaml package, imported once on first need (plain frontmatter and cheap limit checks never need it). */
export function loadYaml(): Promise<YamlExports> {
  // A failed import is not kept: the next frontmatter that needs the parser tries again.
  return (yamlModule ??= import("yaml").then(
    (module) => module.default,
    (error: unknown) => {
      yamlModule = undefined;
      throw error;
    },
  ));
}
