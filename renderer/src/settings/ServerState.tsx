// One added server's state in Settings: answering (for which skills), unreachable (with the error), or not asked yet;
// a server just added is tried at once, so a wrong address shows here instead of failing silently.
import { useCallback, useEffect, useState } from "react";
import type { SkillshelfApi } from "../../../shared/ipc";
import type { UpdateServerStatus } from "../../../shared/update-servers";

/** The address a server's state is kept under: the URL without credentials, query or fragment. */
export function serverAddress(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return raw;
  }
}

/** The added servers' states, and `tryNew` to ask those not asked yet (after an add). */
export function useServerStatuses(api: SkillshelfApi): {
  statuses: UpdateServerStatus[];
  trying: boolean;
  tryNew: () => void;
} {
  const [statuses, setStatuses] = useState<UpdateServerStatus[]>([]);
  const [trying, setTrying] = useState(false);
  useEffect(() => {
    api.updateServers(false).then(setStatuses, () => undefined);
  }, [api]);
  const tryNew = useCallback(() => {
    setTrying(true);
    api
      .updateServers(true)
      .then(setStatuses, () => undefined)
      .finally(() => setTrying(false));
  }, [api]);
  return { statuses, trying, tryNew };
}

/** The line under one added server. */
export function ServerState(props: { url: string; statuses: readonly UpdateServerStatus[]; trying: boolean }) {
  const address = serverAddress(props.url);
  const status = props.statuses.find((s) => s.configuredIn === "settings" && s.address === address);
  if (!status || status.state === "not-asked")
    return (
      <span className="small muted" data-server-state="not-asked" role="status">
        {props.trying ? "Trying the server…" : "Not asked yet: it is asked at the next check."}
      </span>
    );
  if (status.state === "unreachable")
    return (
      <span className="small field-error" data-server-state="unreachable" role="status">
        Unreachable. {status.error}
      </span>
    );
  return (
    <span className="small" data-server-state="answering" role="status">
      Answering
      {status.skills.length > 0
        ? ` for ${status.skills.join(", ")}.`
        : ", but for none of the skills it was asked about (it has no skill-meta tools)."}
    </span>
  );
}
