/**
 * The database's own time for an API call's work: the SQL the call ran, recorded as the app ran
 * it (a Kysely plugin on the app's database handle), then run again in the same process against
 * the same database, with nothing around it (no HTTP, no JSON, no session logic).
 *
 * Only reads are run again (a call's writes, e.g. a session touch, are counted, not repeated);
 * they run one after another, so a call that ran two queries at once (list: totals and page)
 * shows the sum of both here.
 */
import {
  SelectQueryNode,
  type CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from '@tagih/server/src/db/tables.ts';

/**
 * Kysely hands every builder to the plugins, subqueries included, each with its own query id;
 * only the ids that come back with a result were run, so those are the call's queries.
 */
export class QueryRecorder implements KyselyPlugin {
  #seen: Map<string, RootOperationNode> | null = null;
  #ran: RootOperationNode[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#seen?.set(args.queryId.queryId, args.node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const node = this.#seen?.get(args.queryId.queryId);
    if (node) this.#ran.push(node);
    return args.result;
  }

  /** The queries the app ran while `work` ran (nothing else may run meanwhile), in the order they finished. */
  async record(work: () => Promise<unknown>): Promise<RootOperationNode[]> {
    this.#seen = new Map();
    this.#ran = [];
    try {
      await work();
      return this.#ran;
    } finally {
      this.#seen = null;
    }
  }
}

export interface RawSqlTime {
  /** Median over the repeats of the time to run every recorded read once, in ms. */
  ms: number;
  reads: number;
  writesSkipped: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs the recorded reads again (once to warm up, then `repeats` times) on the plain handle. */
export async function rawSqlTime(
  db: Kysely<Database>,
  nodes: readonly RootOperationNode[],
  repeats = 5,
): Promise<RawSqlTime> {
  const executor = db.getExecutor();
  const reads: CompiledQuery[] = nodes
    .filter((node) => SelectQueryNode.is(node))
    .map((node) => executor.compileQuery(node, { queryId: 'bench-raw-sql' }));
  const once = async () => {
    const started = performance.now();
    for (const query of reads) await db.executeQuery(query);
    return performance.now() - started;
  };
  await once();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) times.push(await once());
  return { ms: median(times), reads: reads.length, writesSkipped: nodes.length - reads.length };
}
