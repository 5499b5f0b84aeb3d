// Undo and the kept copies: put back what the last update replaced, list the backups of one folder or of every
// folder in the catalog, and what start-up's recovery did with updates an earlier run left unfinished.
import type { CommandHandlers } from "../../shared/ipc";
import type { ScanResult, Skill } from "../../shared/model";
import { allSkills } from "../../shared/scan-result";
import type { UpdateEventView, UpdateHistory, UpdateRecovery } from "../../shared/update-flow";
import { foldersWithBackups, MAX_HISTORY_RECORDS, type BackupEntry } from "../engine/transaction/backups";
import { listBackups } from "../engine/transaction/swap";
import { readHistory, type HistoryRecord } from "../engine/lifecycle/history";
import type { LifecycleService } from "../engine/lifecycle/service";
import { EngineError } from "../engine/errors";

/** The commands of this file. */
export type HistoryCommand = "update:undo" | "update:history" | "update:histories" | "update:recoveries";

/** Whether Skillshelf changes this copy's folder itself (a user-owned folder, not one Claude Desktop manages). */
const isOwnedFolder = (skill: Skill): boolean => skill.userOwned && !skill.desktop && skill.client !== "claude-desktop";

/** What the page is told of each backup of a folder. */
const backupViews = (backups: ReadonlyArray<{ createdAt: string; version: string | null }>) =>
  backups.map((b) => ({ createdAt: b.createdAt, version: b.version }));

/** The events of one folder, newest first, each saying whether the copy it replaced is still kept. */
function eventViews(records: readonly HistoryRecord[], backups: readonly BackupEntry[]): UpdateEventView[] {
  const kept = new Set(backups.map((b) => b.dir));
  return records
    .map(({ kind, at, from, to, backup }) => ({ kind, at, from, to, kept: backup !== null && kept.has(backup) }))
    .reverse();
}

/** The records of the history file by the folder they are about. */
async function recordsByTarget(dataDir: string): Promise<{ byTarget: Map<string, HistoryRecord[]>; dropped: number }> {
  const { records, dropped } = await readHistory(dataDir);
  const byTarget = new Map<string, HistoryRecord[]>();
  for (const r of records) byTarget.set(r.target, [...(byTarget.get(r.target) ?? []), r]);
  return { byTarget, dropped };
}

/** The history commands, and the start of recovery (after the first catalog: it must not move folders a scan reads). */
export function createHistoryHandlers(options: {
  service: LifecycleService;
  catalog: () => ScanResult;
  skillById: (skillId: string) => Skill;
}): { handlers: Pick<CommandHandlers, HistoryCommand>; startRecovery(): void } {
  const { service, skillById } = options;
  const data = service.dataDir;
  let recoveryStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (recoveryStarted = resolve));
  const handlers: Pick<CommandHandlers, HistoryCommand> = {
    "update:undo": async (skillId) => {
      const skill = skillById(skillId);
      if (!isOwnedFolder(skill))
        throw new EngineError(
          "app.refused",
          `"${skill.name}" is managed by its client; Skillshelf never changes it, so there is nothing to undo.`,
        );
      return service.undo(skill);
    },
    "update:history": async (skillId) => {
      const skill = skillById(skillId);
      const { byTarget } = await recordsByTarget(data);
      if (!isOwnedFolder(skill)) return { skillId, backups: [], events: eventViews(byTarget.get(skill.dir) ?? [], []) };
      const backups = await listBackups(skill.realDir, data);
      return {
        skillId,
        backups: backupViews(backups),
        events: eventViews(byTarget.get(skill.realDir) ?? [], backups),
      };
    },
    "update:histories": async () => {
      const { targets, capped } = await foldersWithBackups(data);
      const { byTarget, dropped } = await recordsByTarget(data);
      // Each folder once: an owned copy by its real folder, a Desktop copy (hand-offs) by its own.
      const byFolder = new Map<string, { skill: Skill; owned: boolean }>();
      for (const s of allSkills(options.catalog())) {
        const owned = isOwnedFolder(s);
        const folder = owned ? s.realDir : s.dir;
        if (!byFolder.has(folder)) byFolder.set(folder, { skill: s, owned });
      }
      const histories: UpdateHistory[] = [];
      for (const target of new Set([...targets, ...byTarget.keys()])) {
        const found = byFolder.get(target);
        if (!found) continue;
        const backups = found.owned ? await listBackups(target, data) : [];
        const events = eventViews(byTarget.get(target) ?? [], backups);
        if (backups.length || events.length)
          histories.push({ skillId: found.skill.id, backups: backupViews(backups), events });
      }
      return {
        histories,
        ...(capped
          ? { limitNote: `Only the first ${MAX_HISTORY_RECORDS.toLocaleString("en")} backup records were read.` }
          : {}),
        ...(dropped > 0
          ? { droppedNote: `The ${dropped.toLocaleString("en")} oldest events are no longer kept in the history.` }
          : {}),
      };
    },
    // Never starts recovery itself: it must not move folders while the first scan reads them.
    "update:recoveries": async (): Promise<UpdateRecovery[]> => {
      await started;
      return service.recover();
    },
  };
  return {
    handlers,
    startRecovery: () => {
      recoveryStarted();
      void service.recover();
    },
  };
}
