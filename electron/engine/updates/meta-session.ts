// One update-check session: every configured server is asked at most once (protocol: one call per
// session); a manual "check now" creates a new session.
import { mapBounded } from "../fs/bounded";
import type { UpdateServerStatus } from "../../../shared/update-servers";
import type { McpEndpoint } from "./endpoints";
import { describeEndpoint, redactUrl } from "./endpoints";
import { queryServer, type ServerMetaResult } from "./meta-client";
import type { MetaAnswer } from "./meta-response";

/** Options of a session: the per-server deadline and a log for secret-free lines. */
export interface MetaSessionOptions {
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** How many servers are asked at once. */
const CONCURRENCY = 4;

/** An answer together with the server that gave it. */
export interface SourcedAnswer {
  endpoint: McpEndpoint;
  answer: MetaAnswer;
}

/** The set of servers asked in one session, each at most once, lazily on first use. */
export class SkillMetaSession {
  #results: Promise<Map<string, SourcedAnswer[]>> | undefined;
  #statuses = new Map<string, UpdateServerStatus>();
  readonly #endpoints: McpEndpoint[];
  readonly #options: MetaSessionOptions;

  constructor(endpoints: McpEndpoint[], options: MetaSessionOptions = {}) {
    const seen = new Set<string>();
    this.#endpoints = endpoints.filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
    this.#options = options;
  }

  /** The servers this session asks. */
  get endpoints(): readonly McpEndpoint[] {
    return this.#endpoints;
  }

  /** Every skill-meta answer of this session, by skill name (asks the servers on first use only). */
  answers(): Promise<Map<string, SourcedAnswer[]>> {
    this.#results ??= this.#askAll();
    return this.#results;
  }

  /** Each server's state in this session: answering (for which skills), unreachable (why), or not asked yet. */
  statuses(): UpdateServerStatus[] {
    return this.#endpoints.map((e) => this.#statuses.get(e.id) ?? { ...whereOf(e), state: "not-asked", skills: [] });
  }

  /** The answers for installed skills named `skill`, in server order. */
  async answersFor(skill: string): Promise<SourcedAnswer[]> {
    return (await this.answers()).get(skill) ?? [];
  }

  async #askAll(): Promise<Map<string, SourcedAnswer[]>> {
    const log = this.#options.log ?? (() => undefined);
    const results = await mapBounded(this.#endpoints, CONCURRENCY, async (endpoint) => {
      const r = await queryServer(endpoint, { timeoutMs: this.#options.timeoutMs }).catch((): ServerMetaResult => ({
        endpointId: endpoint.id,
        reachable: false,
        reason: "the query failed",
        answers: [],
      }));
      log(
        `skill-meta ${describeEndpoint(endpoint)}: ${r.reachable ? `${r.answers.length} skill-meta tool(s)` : `skipped, ${r.reason}`}`,
      );
      const at = new Date().toISOString();
      this.#statuses.set(endpoint.id, {
        ...whereOf(endpoint),
        state: r.reachable ? "answering" : "unreachable",
        skills: [...new Set(r.answers.map((a) => a.skill))].sort(),
        ...(r.reachable ? {} : { error: `It could not be used: ${r.reason ?? "it did not answer"}.` }),
        at,
      });
      return r;
    });
    const bySkill = new Map<string, SourcedAnswer[]>();
    results.forEach((result, index) => {
      for (const { skill, answer } of result.answers) {
        const list = bySkill.get(skill) ?? [];
        list.push({ endpoint: this.#endpoints[index]!, answer });
        bySkill.set(skill, list);
      }
    });
    return bySkill;
  }
}

function whereOf(endpoint: McpEndpoint): Pick<UpdateServerStatus, "address" | "configuredIn"> {
  const t = endpoint.transport;
  return { address: t.type === "http" ? redactUrl(t.url) : t.command, configuredIn: endpoint.configuredIn };
}
