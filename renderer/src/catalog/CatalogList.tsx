// The grouped list of skills and plugins: virtualized (smooth with 10,000 rows) and driven fully by the keyboard.
import { useMemo, useRef, type KeyboardEvent } from "react";
import type { UpdateInfo } from "../../../shared/model";
import type { CatalogRow } from "../../../shared/ui-catalog";
import { plural } from "../lib/format";
import { EntryBadges } from "../shared/Badges";
import { useRowWindow } from "./use-row-window";

const GROUP_HEIGHT = 40;
const ENTRY_HEIGHT = 56;

/** A listbox of rows; arrows, Home, End, PageUp/PageDown move the selection, Enter opens the detail. */
export function CatalogList(props: {
  rows: CatalogRow[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** Called on Enter, to move focus into the detail. */
  onOpen?: () => void;
  updates: ReadonlyMap<string, UpdateInfo>;
  label: string;
}) {
  const { rows, selectedKey, onSelect, updates } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const entryIndexes = useMemo(() => rows.flatMap((row, i) => (row.kind === "entry" ? [i] : [])), [rows]);
  const selectedIndex = useMemo(
    () => rows.findIndex((r) => r.kind === "entry" && r.entry.key === selectedKey),
    [rows, selectedKey],
  );
  const heights = useMemo(() => rows.map((row) => (row.kind === "group" ? GROUP_HEIGHT : ENTRY_HEIGHT)), [rows]);
  const view = useRowWindow(scrollRef, heights, 12, selectedIndex);

  const moveTo = (position: number) => {
    if (entryIndexes.length === 0) return;
    const clamped = Math.max(0, Math.min(entryIndexes.length - 1, position));
    const row = rows[entryIndexes[clamped]!]!;
    if (row.kind === "entry") onSelect(row.entry.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = entryIndexes.indexOf(selectedIndex);
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ENTRY_HEIGHT) - 1);
    const moves: Record<string, () => void> = {
      ArrowDown: () => moveTo(current < 0 ? 0 : current + 1),
      ArrowUp: () => moveTo(current < 0 ? 0 : current - 1),
      Home: () => moveTo(0),
      End: () => moveTo(entryIndexes.length - 1),
      PageDown: () => moveTo(current < 0 ? 0 : current + page),
      PageUp: () => moveTo(current < 0 ? 0 : current - page),
      Enter: () => (current < 0 ? moveTo(0) : props.onOpen?.()),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const activeId = selectedIndex >= 0 ? `row-${selectedIndex}` : undefined;
  return (
    <div
      ref={scrollRef}
      className="list"
      role="listbox"
      tabIndex={0}
      aria-label={props.label}
      aria-activedescendant={activeId}
      onKeyDown={onKeyDown}
      // One handler for every option's click (the keyboard moves the selection through onKeyDown above).
      onClick={(event) => {
        const key = (event.target as HTMLElement).closest<HTMLElement>("[data-key]")?.dataset.key;
        if (key) onSelect(key);
      }}
    >
      <div className="list-inner" ref={(el) => void (el && el.style.setProperty("height", `${view.total}px`))}>
        {view.indexes.map((index) => {
          const row = rows[index]!;
          const key = row.kind === "group" ? `g:${row.group.key}` : `e:${row.group.key}:${row.entry.key}`;
          const place = (el: HTMLDivElement | null) => {
            if (el) el.style.setProperty("transform", `translateY(${view.offsets[index]}px)`);
          };
          if (row.kind === "group") {
            return (
              <div key={key} ref={place} className="row group-row" role="presentation" title={row.group.path}>
                <span className="group-title">{row.group.title}</span>
                {row.group.readOnly ? <span className="badge subtle">managed</span> : null}
                <span className="count">{plural(row.shown, "item")}</span>
              </div>
            );
          }
          const selected = row.entry.key === selectedKey;
          return (
            <div
              key={key}
              ref={place}
              id={`row-${index}`}
              className={selected ? "row entry-row selected" : "row entry-row"}
              role="option"
              aria-selected={selected}
              data-key={row.entry.key}
            >
              <div className="entry-line">
                <span className="entry-kind" aria-hidden="true">
                  {row.entry.kind === "plugin" ? "▣" : "◆"}
                </span>
                <span className="entry-name">{row.entry.name}</span>
                <EntryBadges
                  entry={row.entry}
                  update={row.entry.kind === "skill" ? updates.get(row.entry.skill.id) : undefined}
                  compact
                />
              </div>
              <div className="entry-description">{row.entry.description || "No description"}</div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
