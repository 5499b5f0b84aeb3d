// Undo and the kept copies: put back what the last update replaced, list the backups of one folder or of every
// folder in the catalog, and what start-up's recovery did with updates an earlier run left unfinished.
import type { CommandHandlers } from "../../shared/ipc";
import type { ScanResult, Skill } from "../../shared/model";
import { allSkills } from "../../shared/scan-result";
import type { UpdateRecovery } from "../../shared/update-flow";
import { foldersWithBackups, MAX_HISTORY_RECORDS } from "../engine/apply/backups";
import { listBackups } from "../engine/apply/swap";
import type { UpdateService } from "../engine/update-service/service";
import { HandlerError } from "./errors";

/** The commands of this file. */
export type HistoryCommand = "update:undo" | "update:history" | "update:histories" | "update:recoveries";

/** Whether Skillshelf changes this copy's folder itself (a user-owned folder, not one Claude Desktop manages). */
const isOwnedFolder = (skill: Skill): boolean => skill.userOwned && !skill.desktop && skill.client !== "claude-desktop";

/** What the page is told of each backup of a folder. */
const backupViews = (backups: ReadonlyArray<{ createdAt: string; version: string | null }>) =>
  backups.map((b) => ({ createdAt: b.createdAt, version: b.version }));

/** The history commands, and the start of recovery (after the first catalog: it must not move folders a scan reads). */
export function createHistoryHandlers(options: {
  service: UpdateService;
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
        throw new HandlerError(
          `"${skill.name}" is managed by its client; Skillshelf never changes it, so there is nothing to undo.`,
        );
      return service.undo(skill);
    },
    "update:history": async (skillId) => {
      const skill = skillById(skillId);
      if (!skill.userOwned || skill.desktop) return { skillId, backups: [] };
      return { skillId, backups: backupViews(await listBackups(skill.realDir, data)) };
    },
    "update:histories": async () => {
      const { targets, capped } = await foldersWithBackups(data);
      const owned = new Map<string, Skill>();
      for (const s of allSkills(options.catalog()))
        if (isOwnedFolder(s) && !owned.has(s.realDir)) owned.set(s.realDir, s);
      const histories = [];
      for (const target of targets) {
        const skill = owned.get(target);
        if (!skill) continue;
        const backups = await listBackups(target, data);
        if (backups.length) histories.push({ skillId: skill.id, backups: backupViews(backups) });
      }
      return capped
        ? {
            histories,
            limitNote: `Only the first ${MAX_HISTORY_RECORDS.toLocaleString("en")} backup records were read.`,
          }
        : { histories };
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
