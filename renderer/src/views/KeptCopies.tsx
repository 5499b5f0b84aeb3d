// The history per skill: every installed copy with the copies its updates replaced (kept as backups), and "Restore"
// to put the newest back (the copy it replaces is kept in turn, so a restore can be undone too).
import { useCallback, useEffect, useState } from "react";
import type { Skill } from "../../../shared/model";
import type { UpdateHistories, UpdateProblem } from "../../../shared/update-flow";
import { versionWords } from "../lib/format";
import { useApi } from "./api-context";
import { When } from "./InlineText";
import { hostProblem, ProblemView } from "./UpdateParts";

/** The section; `refreshKey` changes when the update states do (an update or a restore happened). */
export function KeptCopies(props: {
  place: (skill: Skill) => string;
  skills: ReadonlyMap<string, Skill>;
  refreshKey: unknown;
}) {
  const { api } = useApi();
  const [histories, setHistories] = useState<UpdateHistories | null>(null);
  const [result, setResult] = useState<{ skillId: string; text?: string; problem?: UpdateProblem } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(() => {
    api
      .updateHistories()
      .then(setHistories)
      .catch(() => setHistories(null));
  }, [api]);
  useEffect(load, [load, props.refreshKey]);
  const restore = (skillId: string) => {
    setBusy(skillId);
    api
      .undoUpdate(skillId)
      .then((r) =>
        setResult(
          r.ok
            ? {
                skillId,
                text: `Restored ${versionWords(r.version, "the earlier copy")}; the copy it replaced (${versionWords(r.replacedVersion, "no version number")}) is kept.`,
              }
            : { skillId, problem: r.problem },
        ),
      )
      .catch((e: unknown) => setResult({ skillId, problem: hostProblem(e) }))
      .finally(() => {
        setBusy(null);
        load();
      });
  };
  const list = (histories?.histories ?? []).filter((h) => props.skills.has(h.skillId));
  if (list.length === 0 && !result) return null;
  return (
    <section aria-labelledby="kept-title">
      <h2 id="kept-title">Earlier versions kept</h2>
      {histories?.limitNote ? <p className="muted">{histories.limitNote}</p> : null}
      <ul className="update-list">
        {list.map((h) => {
          const skill = props.skills.get(h.skillId)!;
          const newest = h.backups[0]!;
          return (
            <li key={h.skillId} className="update-item kept-copies" data-skill={skill.name}>
              <h3>{skill.name}</h3>
              <p className="update-place">{props.place(skill)}</p>
              <p>
                Now {versionWords(skill.version, "a copy without a version number")}. Kept:{" "}
                {h.backups.map((b, i) => (
                  <span key={i}>
                    {i ? ", " : ""}
                    {b.version ?? "no version"} (replaced <When date={b.createdAt} />)
                  </span>
                ))}
              </p>
              <button
                type="button"
                className="button small"
                disabled={busy !== null}
                onClick={() => restore(h.skillId)}
              >
                Restore {newest.version ?? "the newest kept copy"}
              </button>
              {result?.skillId === h.skillId && result.text ? <p role="status">{result.text}</p> : null}
              {result?.skillId === h.skillId && result.problem ? (
                <ProblemView problem={result.problem} title="Restore did not work" />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
