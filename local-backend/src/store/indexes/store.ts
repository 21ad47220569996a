// Ordered indexes over one convex-test database. Committed documents live in convex-test's
// `_documents` object; it is wrapped so that every write to it (convex-test's commit, the
// snapshot restore, the log replay) also updates a per-table map and every B+ tree built for
// that table. Every declared index is built at start (one sort of its table; an index the code
// adds later is built by the push that declares it or on first use) and then kept up to date,
// so an index range read costs O(log n + rows read) however large the other tables are.
import { createRequire } from "node:module";
import type BTreeClass from "sorted-btree";
import { type DatabaseFake, type StoredDocument, tableNameFromId } from "../../convex-test-adapter/internals.js";
import { compareKeys, type IndexKey, keyOf } from "./keys.js";

type Tree = BTreeClass<IndexKey, StoredDocument>;
const BTree = (createRequire(import.meta.url)("sorted-btree") as { default: typeof BTreeClass }).default;
const NODE_SIZE = 64;

export const BY_ID_FIELDS: readonly string[] = ["_id"];
export const BY_CREATION_TIME_FIELDS: readonly string[] = ["_creationTime", "_id"];

interface SchemaIndex {
  indexDescriptor: string;
  fields: string[];
}
interface FakeSchema {
  tables: Map<string, { indexes?: SchemaIndex[] }>;
}

interface BuiltIndex {
  fields: readonly string[];
  tree: Tree;
}

/** Another structure kept in step with a table's committed documents (a text index). */
export interface DerivedIndex {
  update(id: string, before: StoredDocument | undefined, after: StoredDocument | undefined): void;
}

export class IndexStore {
  /** Committed documents per table. */
  private readonly tables = new Map<string, Map<string, StoredDocument>>();
  /** Built trees per table, by index name. */
  private readonly built = new Map<string, Map<string, BuiltIndex>>();
  /** Derived indexes per table, by name. */
  private readonly derived = new Map<string, Map<string, DerivedIndex>>();
  /** While set, `_iterateDocs` visits nothing (see `withoutDocuments`). */
  iteratingNothing = false;

  constructor(private readonly db: DatabaseFake) {
    this.wrapDocuments(db._documents);
  }

  /**
   * The key fields of an index: the declared fields, then `_creationTime` and `_id`. Null when
   * the table has no such index (convex-test reports that error itself).
   */
  fieldsOf(table: string, indexName: string): readonly string[] | null {
    if (indexName === "by_id") return BY_ID_FIELDS;
    if (indexName === "by_creation_time") return BY_CREATION_TIME_FIELDS;
    const schema = this.db._schema as FakeSchema | null;
    const index = schema?.tables.get(table)?.indexes?.find((i) => i.indexDescriptor === indexName);
    return index ? [...index.fields, "_creationTime", "_id"] : null;
  }

  /** The committed documents of a table, by id. */
  documentsOf(table: string): ReadonlyMap<string, StoredDocument> {
    return this.tables.get(table) ?? new Map<string, StoredDocument>();
  }

  /** How many documents are committed, over every table. */
  documentCount(): number {
    let count = 0;
    for (const docs of this.tables.values()) count += docs.size;
    return count;
  }

  /** Every committed document (enumerating the wrapped `_documents` is far slower). */
  allDocuments(): StoredDocument[] {
    const all: StoredDocument[] = [];
    for (const docs of this.tables.values()) for (const doc of docs.values()) all.push(doc);
    return all;
  }

  /**
   * Build the tree of every index the schema declares, and `by_creation_time` (the order of a
   * query without an index) of every table, so that no query sorts a table while others wait.
   */
  buildDeclaredIndexes(): void {
    const schema = this.db._schema as FakeSchema | null;
    const tables = new Set([...(schema?.tables.keys() ?? []), ...this.tables.keys()]);
    for (const table of tables) {
      this.tree(table, "by_creation_time", BY_CREATION_TIME_FIELDS);
      for (const { indexDescriptor } of schema?.tables.get(table)?.indexes ?? []) {
        this.tree(table, indexDescriptor, this.fieldsOf(table, indexDescriptor)!);
      }
    }
  }

  /** The tree of an index, built now if it is new or its fields changed (a schema push). */
  tree(table: string, indexName: string, fields: readonly string[]): Tree {
    let byName = this.built.get(table);
    if (!byName) {
      byName = new Map();
      this.built.set(table, byName);
    }
    const existing = byName.get(indexName);
    if (existing && sameFields(existing.fields, fields)) return existing.tree;
    const entries = [...this.documentsOf(table).values()].map((doc) => [keyOf(doc, fields), doc] as [IndexKey, StoredDocument]);
    entries.sort((a, b) => compareKeys(a[0], b[0]));
    const tree = new BTree<IndexKey, StoredDocument>(undefined, compareKeys, NODE_SIZE);
    tree.setPairs(entries);
    byName.set(indexName, { fields, tree });
    return tree;
  }

  /**
   * A structure derived from a table's committed documents: `create` builds it from them, and
   * from then on it hears of every change to the table.
   */
  derivedIndex<T extends DerivedIndex>(table: string, name: string, create: (documents: ReadonlyMap<string, StoredDocument>) => T): T {
    let byName = this.derived.get(table);
    if (!byName) {
      byName = new Map();
      this.derived.set(table, byName);
    }
    let index = byName.get(name) as T | undefined;
    if (!index) {
      index = create(this.documentsOf(table));
      byName.set(name, index);
    }
    return index;
  }

  /** Run convex-test code that walks tables (`_iterateDocs`) over no documents, for what a query means. */
  withoutDocuments<T>(work: () => T): T {
    this.iteratingNothing = true;
    try {
      return work();
    } finally {
      this.iteratingNothing = false;
    }
  }

  private wrapDocuments(target: Record<string, StoredDocument>): void {
    for (const [id, doc] of Object.entries(target)) this.update(id, undefined, doc);
    const proxy = new Proxy(target, {
      set: (t, id, value: StoredDocument) => {
        if (typeof id !== "string") return Reflect.set(t, id, value);
        const before = t[id];
        t[id] = value;
        this.update(id, before, value);
        return true;
      },
      deleteProperty: (t, id) => {
        if (typeof id !== "string") return Reflect.deleteProperty(t, id);
        const before = t[id];
        delete t[id];
        if (before !== undefined) this.update(id, before, undefined);
        return true;
      },
    });
    Object.defineProperty(this.db, "_documents", {
      configurable: true,
      enumerable: true,
      get: () => proxy,
      set: () => {
        throw new Error("local-backend: a database's _documents cannot be replaced (its indexes would go stale)");
      },
    });
  }

  private update(id: string, before: StoredDocument | undefined, after: StoredDocument | undefined): void {
    const table = tableNameFromId(id);
    if (table === null) return;
    let docs = this.tables.get(table);
    if (!docs) {
      docs = new Map();
      this.tables.set(table, docs);
    }
    if (after) docs.set(id, after);
    else docs.delete(id);
    for (const index of this.derived.get(table)?.values() ?? []) index.update(id, before, after);
    const trees = this.built.get(table);
    if (!trees) return;
    for (const { fields, tree } of trees.values()) {
      if (before) tree.delete(keyOf(before, fields));
      if (after) tree.set(keyOf(after, fields), after);
    }
  }
}

function sameFields(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((f, i) => f === b[i]);
}
