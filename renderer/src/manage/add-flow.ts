// The Add flow's plumbing: task ids, the progress of the running task, where focus goes as steps appear, and which
// paths an applied add wrote.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import type { SkillshelfApi } from "../../../shared/ipc";
import type { AddView } from "../../../shared/manage";
import type { TaskProgress } from "../../../shared/model";

/** A fresh id for one add, so its progress and its Cancel reach that add only. */
export function newTaskId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The paths an applied add wrote, those of the chosen clients first (the catalog selects the first it lists). */
export function writtenPaths(plan: AddView): string[] {
  const places = plan.skills.flatMap((s) => s.places).filter((p) => p.applied && !p.kept);
  return [...places.filter((p) => p.client.length), ...places.filter((p) => !p.client.length)].map((p) => p.path);
}

/** The latest progress report of the task with this id (reset by the caller when a new one starts). */
export function useTaskProgress(
  api: SkillshelfApi,
  taskId: string | null,
): [TaskProgress | null, Dispatch<SetStateAction<TaskProgress | null>>] {
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  useEffect(
    () => (taskId ? api.onTaskProgress((p) => (p.taskId === taskId ? setProgress(p) : undefined)) : undefined),
    [api, taskId],
  );
  return [progress, setProgress];
}

/**
 * Focus for the Add flow: its title when it opens; then a step that appears takes the focus it was asked for
 * (`focusNextRef`), and a control that went away never leaves it on the page body.
 */
export function useAddFocus(busy: boolean, plan: AddView | null) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusNextRef = useRef<"found" | "result" | null>(null);
  useEffect(() => titleRef.current?.focus(), []);
  useEffect(() => {
    const wanted = focusNextRef.current ? document.getElementById(`add-${focusNextRef.current}-title`) : null;
    if (wanted) {
      focusNextRef.current = null;
      wanted.focus();
    } else if (!busy && (document.activeElement === document.body || !document.activeElement))
      (document.getElementById("add-found-title") ?? titleRef.current)?.focus();
  }, [busy, plan]);
  return { titleRef, focusNextRef };
}
