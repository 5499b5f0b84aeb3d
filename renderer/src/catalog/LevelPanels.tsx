// Level 1 (the exact <available_skills> entry) and level 2 (the instructions, rendered inertly and raw).
import { MAX_BODY_LINES, MAX_BODY_TOKENS, MAX_DESCRIPTION, MAX_NAME } from "../../../shared/limits";
import { useMemo, useState, type MouseEvent } from "react";
import type { Level1View, Level2View } from "../../../shared/levels";
import { count, tokens } from "../lib/format";
import { renderInstructions } from "../lib/markdown";
import { CopyButton } from "../shared/CopyButton";
import { useOpenExternal } from "../shared/ExternalLink";

function Meter(props: {
  label: string;
  value: number;
  limit: number;
  unit: string;
  estimate?: boolean;
  kind: "limit" | "recommendation";
}) {
  const over = props.value > props.limit;
  return (
    <div className={over ? "meter over" : "meter"}>
      <div className="meter-label">
        {props.label}
        {props.estimate ? <span className="muted"> (estimate)</span> : null}
      </div>
      <div className="meter-value">
        {props.estimate ? "≈ " : ""}
        {count(props.value)}{" "}
        <span className="muted">
          / {count(props.limit)} {props.unit}
        </span>
      </div>
      <div className="meter-bar" aria-hidden="true">
        <div
          className="meter-fill"
          ref={(el) => void el?.style.setProperty("width", `${Math.min(100, (props.value / props.limit) * 100)}%`)}
        />
      </div>
      {over ? (
        <div className="meter-note">{props.kind === "limit" ? "Over the limit" : "Over the recommendation"}</div>
      ) : null}
    </div>
  );
}

/** The entry a model reads in its list of skills, byte for byte. */
export function Level1Panel(props: { level: Level1View }) {
  const { level } = props;
  return (
    <div className="level">
      <p className="lead">This is exactly what a model sees about this skill before it decides to use it.</p>
      {level.description.trim() === "" ? (
        <p className="banner warning" role="note" data-testid="level1-empty-description">
          The description is empty, so a model has nothing to go on when it decides whether to use this skill. Say in
          one or two sentences what the skill does and when to use it (<code>description:</code> in SKILL.md).
        </p>
      ) : null}
      <div className="meters">
        <Meter label="Name" value={[...level.name].length} limit={MAX_NAME} unit="characters" kind="limit" />
        <Meter
          label="Description"
          value={[...level.description].length}
          limit={MAX_DESCRIPTION}
          unit="characters"
          kind="limit"
        />
        <div className="meter">
          <div className="meter-label">Whole entry</div>
          <div className="meter-value">
            {count(level.chars)} characters · {tokens(level.tokens)} <span className="muted">(estimate)</span>
          </div>
        </div>
      </div>
      <div className="code-header">
        <span>&lt;available_skills&gt; entry</span>
        <CopyButton text={level.text} label="Copy" />
      </div>
      <pre
        className="code-block level1-text"
        data-testid="level1-text"
        tabIndex={0}
        role="region"
        aria-label="What the model sees first"
      >
        {level.text}
      </pre>
    </div>
  );
}

/** The instructions a model reads once it uses the skill. */
export function Level2Panel(props: { level: Level2View }) {
  const { level } = props;
  const [view, setView] = useState<"rendered" | "raw">("rendered");
  const html = useMemo(() => renderInstructions(level.text), [level.text]);
  const openExternal = useOpenExternal();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest("a");
    if (!anchor) return;
    event.preventDefault();
    const href = anchor.getAttribute("href") ?? "";
    if (href.startsWith("#")) {
      document.getElementById(decodeURIComponent(href.slice(1)))?.scrollIntoView();
      return;
    }
    openExternal(href);
  };
  return (
    <div className="level">
      <div className="meters">
        <Meter label="Lines" value={level.lines} limit={MAX_BODY_LINES} unit="recommended" kind="recommendation" />
        <Meter
          label="Tokens"
          value={level.tokens}
          limit={MAX_BODY_TOKENS}
          unit="recommended"
          kind="recommendation"
          estimate
        />
      </div>
      <div className="segmented" role="group" aria-label="Show instructions as">
        <button
          type="button"
          aria-pressed={view === "rendered"}
          className={view === "rendered" ? "selected" : ""}
          onClick={() => setView("rendered")}
        >
          Formatted
        </button>
        <button
          type="button"
          aria-pressed={view === "raw"}
          className={view === "raw" ? "selected" : ""}
          onClick={() => setView("raw")}
        >
          Plain text
        </button>
      </div>
      {level.text.trim() === "" ? (
        <p className="muted">This skill has no instructions after its frontmatter.</p>
      ) : view === "rendered" ? (
        <div
          className="markdown"
          // Catches the clicks of the links inside (a link's Enter is a click too), so the container has no role.
          role="presentation"
          data-testid="level2-rendered"
          onClick={onClick}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <pre
          className="code-block raw"
          data-testid="level2-raw"
          tabIndex={0}
          role="region"
          aria-label="Instructions as plain text"
        >
          {level.text}
        </pre>
      )}
      <p className="muted small">Starts at line {level.startLine} of SKILL.md.</p>
    </div>
  );
}
