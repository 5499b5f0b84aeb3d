// The grouped list of skills and plugins: virtualized (smooth with 10,000 rows) and driven fully by the keyboard.
import { useEffect, useMemo, useRef, type KeyboardEvent } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { UpdateInfo } from "../../../shared/model";
import type { CatalogRow } from "../../../shared/ui-catalog";
import { plural } from "../lib/format";
import { EntryBadges } from "./Badges";

const GROUP_HEIGHT = 34;
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
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === "group" ? GROUP_HEIGHT : ENTRY_HEIGHT),
    overscan: 12,
    getItemKey: (i) => {
      const row = rows[i]!;
      return row.kind === "group" ? `g:${row.group.key}` : `e:${row.group.key}:${row.entry.key}`;
    },
  });

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: "auto" });
  }, [selectedIndex, virtualizer]);

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
    >
      <div
        className="list-inner"
        ref={(el) => void (el && el.style.setProperty("height", `${virtualizer.getTotalSize()}px`))}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const place = (el: HTMLDivElement | null) => {
            if (el) el.style.setProperty("transform", `translateY(${item.start}px)`);
          };
          if (row.kind === "group") {
            return (
              <div key={item.key} ref={place} className="row group-row" role="presentation" title={row.group.path}>
                <span className="group-title">{row.group.title}</span>
                {row.group.readOnly ? <span className="badge subtle">managed</span> : null}
                <span className="count">{plural(row.shown, "item")}</span>
              </div>
            );
          }
          const selected = row.entry.key === selectedKey;
          return (
            <div
              key={item.key}
              ref={place}
              id={`row-${item.index}`}
              className={selected ? "row entry-row selected" : "row entry-row"}
              role="option"
              aria-selected={selected}
              data-key={row.entry.key}
              onClick={() => onSelect(row.entry.key)}
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
