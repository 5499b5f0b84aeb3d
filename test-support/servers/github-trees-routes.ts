// The GitHub repository, Trees and Contents endpoints for the loopback GitHub-like server, serving real folders hashed
// with the same code git's own hashing is tested against (ETag and 304 included, truncation on request).
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { gitTreeOf, type GitTree } from "../../electron/engine/updates/git-tree";
import { tarGzOf, type TarEntrySpec } from "../archives";

/** One repository whose default branch holds the given folder (its content is read when the repository is set). */
export interface FakeRepoTree {
  defaultBranch?: string;
  /** The folder that stands for the repository's root on the default branch. */
  dir: string;
  /** Answer the recursive tree with `truncated: true` and only the top level (as GitHub does for huge trees). */
  truncated?: boolean;
  /** A private repository: without `Authorization: Bearer TOKEN` every endpoint answers 404, as GitHub's do. */
  token?: string;
}

/** One entry of a Trees answer. */
interface TreeItem {
  path: string;
  mode: string;
  type: "blob" | "tree";
  sha: string;
  size?: number;
}

const recursiveAsked = (url: URL) => url.searchParams.get("recursive") === "1";

/** What the tree endpoints were asked, for assertions. */
export interface TreeStats {
  repoRequests: number;
  treeRequests: number;
  contentsRequests: number;
  conditionalRequests: number;
  notModified: number;
  tarballRequests: number;
  /** Blobs asked for by id. */
  blobRequests: number;
  /** Requests for a private repository without its token (answered 404). */
  refusedPrivate: number;
}

/** The repository, tree and contents routes over a set of repositories; `handle` answers or returns false. */
export class TreeRoutes {
  readonly stats: TreeStats = {
    repoRequests: 0,
    treeRequests: 0,
    contentsRequests: 0,
    conditionalRequests: 0,
    notModified: 0,
    tarballRequests: 0,
    blobRequests: 0,
    refusedPrivate: 0,
  };
  /** Every tree and blob each repository ever held, by id, so a tree recorded before a later setRepo is still read. */
  readonly #objects = new Map<string, { trees: Map<string, TreeItem[]>; blobs: Map<string, Buffer> }>();
  readonly #repos = new Map<
    string,
    { branch: string; tree: GitTree; truncated: boolean; dir: string; token?: string }
  >();

  /** Serves `dir` as repository `owner/repo`'s default branch (re-reads it: call again after changing the folder). */
  async setRepo(repo: string, spec: FakeRepoTree): Promise<void> {
    const tree = await gitTreeOf(spec.dir);
    this.#repos.set(repo.toLowerCase(), {
      branch: spec.defaultBranch ?? "main",
      tree,
      truncated: spec.truncated === true,
      dir: spec.dir,
      ...(spec.token ? { token: spec.token } : {}),
    });
    await this.#keepObjects(repo.toLowerCase(), tree, spec.dir);
  }

  /** Keeps every folder's recursive listing and every file's content of this state under their ids. */
  async #keepObjects(key: string, tree: GitTree, dir: string): Promise<void> {
    const objects = this.#objects.get(key) ?? { trees: new Map(), blobs: new Map() };
    this.#objects.set(key, objects);
    for (const [rel, file] of tree.files) {
      const full = path.join(dir, ...rel.split("/"));
      objects.blobs.set(file.sha, file.mode === "120000" ? Buffer.from(await readlink(full)) : await readFile(full));
    }
    for (const [folder, sha] of tree.trees) {
      const prefix = folder === "" ? "" : `${folder}/`;
      const items: TreeItem[] = [];
      for (const [rel, treeSha] of tree.trees)
        if (rel !== folder && rel.startsWith(prefix))
          items.push({ path: rel.slice(prefix.length), mode: "040000", type: "tree", sha: treeSha });
      for (const [rel, file] of tree.files)
        if (rel.startsWith(prefix)) {
          const size = objects.blobs.get(file.sha)?.length ?? 0;
          items.push({ path: rel.slice(prefix.length), mode: file.mode, type: "blob", sha: file.sha, size });
        }
      objects.trees.set(
        sha,
        items.sort((a, b) => (a.path < b.path ? -1 : 1)),
      );
    }
  }

  /** Whether `owner/name` is private; null when there is no such repository. */
  isPrivate(owner: string, name: string): boolean | null {
    const repo = this.#repos.get(`${owner}/${name}`.toLowerCase());
    return repo ? repo.token !== undefined : null;
  }

  /** False (and counted) for a request to a private repository without its token. */
  authorized(req: IncomingMessage, owner: string, name: string): boolean {
    const token = this.#repos.get(`${owner}/${name}`.toLowerCase())?.token;
    if (token === undefined || req.headers.authorization === `Bearer ${token}`) return true;
    this.stats.refusedPrivate++;
    return false;
  }

  #send(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const text = JSON.stringify(body);
    const etag = `"${createHash("sha256").update(text).digest("hex").slice(0, 20)}"`;
    const conditional = req.headers["if-none-match"];
    if (conditional) this.stats.conditionalRequests++;
    if (conditional === etag) {
      this.stats.notModified++;
      res.writeHead(304, { etag }).end();
      return;
    }
    res
      .writeHead(200, { "content-type": "application/json; charset=utf-8", etag, "x-ratelimit-remaining": "59" })
      .end(text);
  }

  /** Answers GET /repos/O/R, /repos/O/R/git/trees/REF?recursive=1 (REF a branch, or any tree id the repository ever
   * held), /repos/O/R/git/blobs/SHA and /repos/O/R/contents/PATH?ref=REF. */
  handle(req: IncomingMessage, res: ServerResponse, parts: string[], url: URL): boolean {
    if (req.method !== "GET" || parts[0] !== "repos" || parts.length < 3) return false;
    const key = `${parts[1]}/${parts[2]}`.toLowerCase();
    const repo = this.#repos.get(key);
    const notFound = () =>
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not Found" }));
    if (repo && !this.authorized(req, parts[1]!, parts[2]!)) return (notFound(), true);
    if (parts.length === 3) {
      if (!repo) return false;
      this.stats.repoRequests++;
      this.#send(req, res, {
        full_name: `${parts[1]}/${parts[2]}`,
        default_branch: repo.branch,
        private: repo.token !== undefined,
      });
      return true;
    }
    if (parts[3] === "git" && parts[4] === "trees" && parts.length >= 6) {
      this.stats.treeRequests++;
      const ref = parts.slice(5).join("/");
      const byId = this.#objects.get(key)?.trees.get(ref);
      if (repo && byId && recursiveAsked(url))
        return (this.#send(req, res, { sha: ref, tree: byId, truncated: false }), true);
      if (!repo || ref !== repo.branch) return (notFound(), true);
      const recursive = url.searchParams.get("recursive") === "1";
      const entries: Array<{ path: string; mode: string; type: "blob" | "tree"; sha: string }> = [];
      for (const [rel, sha] of repo.tree.trees)
        if (rel !== "" && (recursive && !repo.truncated ? true : !rel.includes("/")))
          entries.push({ path: rel, mode: "040000", type: "tree", sha });
      for (const [rel, file] of repo.tree.files)
        if (recursive && !repo.truncated ? true : !rel.includes("/"))
          entries.push({ path: rel, mode: file.mode, type: "blob", sha: file.sha });
      entries.sort((a, b) => (a.path < b.path ? -1 : 1));
      this.#send(req, res, {
        sha: repo.tree.sha,
        url: url.href,
        tree: entries,
        truncated: recursive && repo.truncated,
      });
      return true;
    }
    if (parts[3] === "git" && parts[4] === "blobs" && parts.length === 6) {
      this.stats.blobRequests++;
      const blob = this.#objects.get(key)?.blobs.get(parts[5]!);
      if (!repo || !blob) return (notFound(), true);
      this.#send(req, res, { sha: parts[5], size: blob.length, encoding: "base64", content: blob.toString("base64") });
      return true;
    }
    if (parts[3] === "contents") {
      this.stats.contentsRequests++;
      if (!repo || (url.searchParams.get("ref") ?? repo.branch) !== repo.branch) return (notFound(), true);
      const dir = parts.slice(4).join("/");
      if (dir !== "" && !repo.tree.trees.has(dir)) return (notFound(), true);
      const prefix = dir === "" ? "" : `${dir}/`;
      const listing: Array<{ name: string; path: string; type: "dir" | "file"; sha: string }> = [];
      for (const [rel, sha] of repo.tree.trees)
        if (rel.startsWith(prefix) && rel !== dir && !rel.slice(prefix.length).includes("/"))
          listing.push({ name: rel.slice(prefix.length), path: rel, type: "dir", sha });
      for (const [rel, file] of repo.tree.files)
        if (rel.startsWith(prefix) && !rel.slice(prefix.length).includes("/"))
          listing.push({ name: rel.slice(prefix.length), path: rel, type: "file", sha: file.sha });
      this.#send(req, res, listing);
      return true;
    }
    return false;
  }

  /** codeload's tar.gz of `owner/name` at REF (its branch or root tree id), or null when the repository or ref is unknown. */
  async tarball(owner: string, name: string, ref: string): Promise<Uint8Array | null> {
    const repo = this.#repos.get(`${owner}/${name}`.toLowerCase());
    if (!repo || (ref !== repo.branch && ref !== repo.tree.sha)) return null;
    this.stats.tarballRequests++;
    return this.#tarball(owner, name, repo);
  }

  /** The branch's files as GitHub's tarball has them: everything under `OWNER-REPO-SHORTSHA/`, executables 0755. */
  async #tarball(owner: string, name: string, repo: { tree: GitTree; dir: string }): Promise<Uint8Array> {
    const prefix = `${owner}-${name}-${repo.tree.sha.slice(0, 7)}`;
    const entries: TarEntrySpec[] = [{ name: `${prefix}/`, type: "5" }];
    for (const rel of [...repo.tree.trees.keys()].filter((r) => r !== "").sort())
      entries.push({ name: `${prefix}/${rel}/`, type: "5" });
    for (const [rel, file] of [...repo.tree.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const full = path.join(repo.dir, ...rel.split("/"));
      if (file.mode === "120000") entries.push({ name: `${prefix}/${rel}`, type: "2", linkpath: await readlink(full) });
      else
        entries.push({
          name: `${prefix}/${rel}`,
          body: await readFile(full),
          mode: file.mode === "100755" ? 0o755 : 0o644,
        });
    }
    for (const e of entries) if (Buffer.byteLength(e.name) > 100) throw new Error(`tar name over 100 bytes: ${e.name}`);
    return tarGzOf(entries);
  }
}
