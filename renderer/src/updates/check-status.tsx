// The Updates view's status line: whether this computer is online, which servers answered, and what the last check
// could not reach, said once.
import { useEffect, useState } from "react";
import type { SkillshelfApi } from "../../../shared/ipc";
import type { UpdateInfo } from "../../../shared/model";
import { serverLabel, type UpdateServerStatus } from "../../../shared/update-servers";
import type { UpdatesData } from "../app/use-app-data";
import { When } from "../shared/InlineText";

/** Whether the browser says this computer is online, kept current. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  return online;
}

/** What the last check could not reach, named once: the machine, GitHub, or a server (null: nothing failed). */
export function failureWords(
  list: readonly UpdateInfo[],
  servers: readonly UpdateServerStatus[],
  online: boolean,
): string | null {
  const names = new Set<string>();
  for (const u of list) {
    const failed = u.stale?.failedSource ?? (u.state === "unknown" ? u.failedSource : undefined);
    if (failed) names.add(failed);
  }
  for (const s of servers) if (s.state === "unreachable") names.add(serverLabel(s.address));
  const offline = list.some((u) => u.cause === "offline" || u.stale?.cause === "offline");
  if (!online && (offline || names.size > 0)) return "this computer is offline";
  if (names.size === 0) return offline ? "the update sources could not be reached" : null;
  const all = [...names];
  const joined = all.length === 1 ? all[0]! : `${all.slice(0, -1).join(", ")} and ${all[all.length - 1]}`;
  return `${joined} could not be reached`;
}

/**
 * The status line: when the last check ran and, once, what it could not reach; nothing before the first check (the
 * view's headline already says it has not checked).
 */
export function CheckStatus(props: { updates: UpdatesData; failure: string | null; stale: boolean }) {
  const { updates, failure } = props;
  if (updates.checking) return <>Checking for updates…</>;
  if (!updates.checkedAt) return null;
  if (!failure)
    return (
      <>
        Checked <When date={updates.checkedAt} />.
      </>
    );
  return (
    <>
      Checked <When date={updates.checkedAt} />: {failure}.
      {props.stale ? " Where an earlier check found an answer, it is shown with its time." : null}
    </>
  );
}

/** The servers' states, asked again whenever the results change (no network: the host answers from memory). */
export function useServerStates(api: SkillshelfApi, key: unknown): UpdateServerStatus[] {
  const [servers, setServers] = useState<UpdateServerStatus[]>([]);
  useEffect(() => {
    let live = true;
    api.updateServers(false).then(
      (next) => live && setServers(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, key]);
  return servers;
}
