// The update-server recipe's commands: run a skill's update command after the user confirmed it, stream its output to
// the page, keep its outcome a minute for the page to read, and stop it on cancel. Arguments are host-produced ids.
import { randomBytes } from "node:crypto";
import type { CommandHandlers } from "../../shared/ipc";
import type { Skill, UpdateInfo } from "../../shared/model";
import type { RecipeOutcome } from "../../shared/update-flow";
import { planUpdate } from "../engine/apply/plan";
import { recipeProblem, runRecipe } from "../engine/apply/recipe";
import type { DesktopIntegration, EventSink } from "./context";
import { EngineError } from "../engine/errors";

type RecipeCommand = "update:run-recipe" | "update:recipe-result";

/** What the recipe runs need from the install concern. */
export interface RecipeRunsOptions {
  home: string;
  env: NodeJS.ProcessEnv;
  desktop: DesktopIntegration;
  emit: EventSink;
  skillById: (skillId: string) => Skill;
  updateInfo: (skillId: string) => Promise<UpdateInfo | undefined>;
}

interface RecipeTask {
  id: string;
  controller: AbortController;
  result: Promise<RecipeOutcome>;
}

/** A random id for a task the page refers to. */
export const newTaskId = (): string => randomBytes(8).toString("hex");

/** The recipe commands, the stop of one run (update:cancel's fallback) and the stop of all. */
export function createRecipeRuns(options: RecipeRunsOptions): {
  handlers: Pick<CommandHandlers, RecipeCommand>;
  cancel(taskId: string): void;
  dispose(): void;
} {
  const { home, env, emit, desktop } = options;
  const recipes = new Map<string, RecipeTask>();

  /** Whether a person said yes outside the page: main's dialog, or the web host's terminal (its question or its code). */
  async function confirmed(name: string, command: string, code: string | null): Promise<boolean> {
    if (desktop.confirmRecipe) return desktop.confirmRecipe(name, command);
    if (!desktop.outsideConsent)
      throw new EngineError(
        "app.refused",
        `Here Skillshelf only shows the update command for "${name}": copy it and run it in a terminal yourself.`,
      );
    return (await desktop.outsideConsent.confirm(`update "${name}"`, command, code)) === "yes";
  }

  function startRecipe(skill: Skill, command: string): { taskId: string } {
    const id = newTaskId();
    const controller = new AbortController();
    const result = runRecipe(command, {
      cwd: home,
      env,
      signal: controller.signal,
      onOutput: (chunk, stream) => emit("task:output", { taskId: id, stream, chunk }),
    }).then(
      (r): RecipeOutcome => {
        const ok = r.exitCode === 0 && !r.cancelled;
        const how = r.cancelled
          ? "was stopped"
          : r.exitCode !== null
            ? `finished with exit code ${r.exitCode}`
            : `was ended by ${r.signal ?? "a signal"}`;
        return {
          ok,
          exitCode: r.exitCode,
          signal: r.signal,
          cancelled: r.cancelled,
          message: ok
            ? `The update command for "${skill.name}" finished successfully.`
            : `The update command ${how}; "${skill.name}" may not be updated — read its output above.`,
        };
      },
      (error: unknown): RecipeOutcome => ({
        ok: false,
        exitCode: null,
        signal: null,
        cancelled: false,
        message: `The command could not be run: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
    recipes.set(id, { id, controller, result });
    void result.finally(() => setTimeout(() => recipes.delete(id), 60_000).unref?.());
    return { taskId: id };
  }

  return {
    handlers: {
      "update:run-recipe": async (skillId, code) => {
        const skill = options.skillById(skillId);
        const plan = planUpdate(skill, await options.updateInfo(skillId));
        const recipe = plan.recipe;
        if (plan.kind !== "run-recipe" || !recipe || recipe.kind !== "shell")
          throw new EngineError("app.refused", `"${skill.name}" has no update command to run. ${plan.nextStep}`);
        const problem = recipe.suspicious
          ? "it holds control characters, line breaks or invisible characters"
          : recipeProblem(recipe.command);
        if (problem)
          throw new EngineError("app.refused", `The update command for "${skill.name}" is not run: ${problem}.`);
        if (!(await confirmed(skill.name, recipe.command, code ?? null))) return null;
        return startRecipe(skill, recipe.command);
      },
      "update:recipe-result": async (taskId) => {
        const run = recipes.get(taskId);
        if (!run) throw new EngineError("app.refused", "That command is no longer running.");
        return run.result;
      },
    },
    cancel: (taskId) => recipes.get(taskId)?.controller.abort(),
    dispose() {
      for (const run of recipes.values()) run.controller.abort();
    },
  };
}
