// Fetches a skill's three levels (again whenever its files change) and shows the one asked for.
import { useEffect, useState } from "react";
import type { SkillLevels } from "../../../shared/levels";
import type { Skill } from "../../../shared/model";
import { errorMessage } from "../lib/format";
import { useApi } from "../app/api-context";
import { Level1Panel, Level2Panel } from "./LevelPanels";
import { Level3Panel } from "./Level3Panel";
import { WithProblems } from "./LevelProblems";
import { ErrorState, Loading } from "../shared/StatusViews";

/** One level of one skill. */
export function Levels(props: { skill: Skill; level: "level1" | "level2" | "level3"; revision: string }) {
  const { api } = useApi();
  const [levels, setLevels] = useState<SkillLevels | null>(null);
  const [failure, setFailure] = useState<{ request: string; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const dir = props.skill.dir;
  // A failure belongs to the request that failed: a new revision or a retry asks again without it.
  const request = `${attempt}\n${props.revision}\n${dir}`;

  useEffect(() => {
    let live = true;
    api
      .skillLevels(dir)
      .then((result) => live && setLevels(result))
      .catch((e: unknown) => live && setFailure({ request, message: errorMessage(e) }));
    return () => {
      live = false;
    };
  }, [api, dir, request]);
  const error = failure?.request === request ? failure.message : null;

  if (error)
    return <ErrorState title="This skill could not be read" message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!levels || levels.dir !== dir) return <Loading label="Reading the skill…" />;
  return (
    <WithProblems skill={props.skill}>
      {props.level === "level1" ? (
        <Level1Panel level={levels.level1} />
      ) : props.level === "level2" ? (
        <Level2Panel level={levels.level2} />
      ) : (
        <Level3Panel levels={levels} revision={props.revision} />
      )}
    </WithProblems>
  );
}
