// Native notifications for new updates: each skill version is announced once, ever, across restarts.
import path from "node:path";
import type { UpdateInfo } from "../../shared/model";
import { readJsonFile, writeJsonFile } from "./json-file";
import { notificationContent, parseAnnounced, selectUnannounced, serializeAnnounced } from "./update-alerts";

/** Shows one native notification (main passes Electron's Notification; tests pass a recorder). */
export type ShowNotification = (content: { title: string; body: string }) => void;

/** Where the announced set lives, under Electron's userData folder. */
export function announcedFile(userDataDir: string): string {
  return path.join(userDataDir, "notified-updates.json");
}

/** Announces fresh updates from each poll; calls are serialised so two polls never announce the same version. */
export function createUpdateNotifier(options: {
  file: string;
  show: ShowNotification;
  onError?: (error: unknown) => void;
}) {
  let announced: Set<string> | null = null;
  let queue: Promise<void> = Promise.resolve();

  async function announce(updates: readonly UpdateInfo[]): Promise<void> {
    announced ??= parseAnnounced(await readJsonFile(options.file));
    const result = selectUnannounced(updates, announced);
    const content = notificationContent(result.fresh);
    if (!content) return;
    announced = result.announced;
    try {
      await writeJsonFile(options.file, serializeAnnounced(announced));
    } catch (error) {
      options.onError?.(error);
    }
    options.show(content);
  }

  return {
    /** Feeds one poll's results; resolves once any notification is shown. */
    onUpdates(updates: readonly UpdateInfo[]): Promise<void> {
      queue = queue.then(() => announce(updates)).catch((error: unknown) => options.onError?.(error));
      return queue;
    },
  };
}
