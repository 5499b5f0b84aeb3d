// The catalog's "Offered by servers": the servers' listing, asked when first shown (again on Refresh), the chosen
// skill, and its preview (fetched when chosen; a new choice drops an older answer).
import { useCallback, useRef, useState } from "react";
import type {
  OfferedServer,
  OfferedSkill,
  OfferedSkillPreview,
  OfferedSkillsResult,
} from "../../../shared/offered-skills";
import type { SkillshelfApi } from "../../../shared/ipc";
import { errorMessage } from "../lib/format";

/** One offered skill with the server offering it. */
export interface OfferedChoice {
  server: OfferedServer;
  skill: OfferedSkill;
}

/** What the list and the detail share. */
export interface OfferedState {
  open: boolean;
  setOpen: (open: boolean) => void;
  result: OfferedSkillsResult | null;
  error: string | null;
  loading: boolean;
  refresh: () => void;
  chosen: OfferedChoice | null;
  choose: (choice: OfferedChoice | null) => void;
  preview: OfferedSkillPreview | null;
  previewError: string | null;
}

/** The offered-skills state of the catalog; nothing is asked until `open` is first set. */
export function useOffered(api: SkillshelfApi): OfferedState {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<OfferedSkillsResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<OfferedChoice | null>(null);
  const [preview, setPreview] = useState<OfferedSkillPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const listRun = useRef(0);
  const previewRun = useRef(0);

  const refresh = useCallback(() => {
    const run = ++listRun.current;
    setLoading(true);
    setError(null);
    api.listOffered().then(
      (answer) => {
        if (run !== listRun.current) return;
        setResult(answer);
        setLoading(false);
      },
      (e: unknown) => {
        if (run !== listRun.current) return;
        setError(errorMessage(e));
        setLoading(false);
      },
    );
  }, [api]);

  const asked = useRef(false);
  const show = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (next && !asked.current) {
        asked.current = true;
        refresh();
      }
    },
    [refresh],
  );

  const choose = useCallback(
    (choice: OfferedChoice | null) => {
      const run = ++previewRun.current;
      setChosen(choice);
      setPreview(null);
      setPreviewError(null);
      if (!choice || choice.skill.invalid) return;
      api.previewOffered(choice.server.id, choice.skill.uri).then(
        (answer) => run === previewRun.current && setPreview(answer),
        (e: unknown) => run === previewRun.current && setPreviewError(errorMessage(e)),
      );
    },
    [api],
  );

  return { open, setOpen: show, result, error, loading, refresh, chosen, choose, preview, previewError };
}
