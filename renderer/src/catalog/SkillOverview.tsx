// A skill's facts: version and its source, every place it lives, Claude Desktop's facts, updates and findings.
import { useEffect, useState } from "react";
import { skillCosts, type BudgetReport } from "../../../shared/budget";
import { alsoLoadedIn, clientFit, stopsLoading } from "../../../shared/client-fit";
import type { Skill, UpdateInfo, UpdateRecipe } from "../../../shared/model";
import { escapeControl, escapeHidden, hasControlOrBreak } from "../../../shared/terminal-text";
import { contentFacts, updateSourceLabel, updateStateSentence } from "../../../shared/update-text";
import { CopyButton } from "../shared/CopyButton";
import { CopyCompare } from "./CopyCompare";
import { useApi } from "../app/api-context";
import { DiagnosticsList } from "../shared/Diagnostics";
import { useOpenExternal } from "../shared/ExternalLink";
import { InlineText, When } from "../shared/InlineText";
import { FileActionMessage, useFileActions } from "../shared/use-file-actions";
import { guidedNextStep } from "../updates/UpdateParts";
import { useUpdateLauncher } from "../app/update-launcher";
import { SkillHistory } from "../updates/UpdateHistory";
import { count, tokens } from "../lib/format";

const VERSION_SOURCES: Record<string, string> = {
  "metadata.version": "metadata.version in SKILL.md",
  "frontmatter.version": "a top-level version in SKILL.md",
  "plugin.version": "the plugin's plugin.json",
};

function PlaceRow(props: { label: string; path: string; editable?: string }) {
  const files = useFileActions();
  return (
    <li className="place-row">
      <div>
        <div className="place-label">{props.label}</div>
        <code className="path">{props.path}</code>
        <FileActionMessage note={files.note} />
      </div>
      <div className="place-actions">
        <button
          type="button"
          className="button small"
          onClick={() => files.reveal(props.path)}
          aria-label={`Reveal ${props.path} in the file manager`}
        >
          Reveal
        </button>
        {props.editable ? (
          <button
            type="button"
            className="button small"
            onClick={() => files.open(props.editable!)}
            aria-label={`Open SKILL.md (${props.editable}) in your editor`}
          >
            Open SKILL.md
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** The update server's command or steps, labeled as the server's own; one holding control characters or line breaks is shown escaped, with a warning, and never offered. */
function RecipeBlock(props: { recipe: UpdateRecipe }) {
  const { recipe } = props;
  if (recipe.suspicious ?? hasControlOrBreak(recipe.command)) {
    return (
      <div className="recipe suspicious">
        <p className="banner warning" role="alert">
          The update server's {recipe.kind === "shell" ? "command" : "steps"} hold control characters or line breaks
          (invisible characters included), so what you see may not be what would run. Skillshelf does not offer it;
          update this copy by hand.
        </p>
        <pre className="code-block" tabIndex={0} role="region" aria-label="Update command">
          {escapeHidden(recipe.command)}
        </pre>
      </div>
    );
  }
  return (
    <div className="recipe">
      <p className="recipe-label">
        {recipe.kind === "shell"
          ? "The update server's own instructions (a command it sends; not Skillshelf's advice):"
          : "The update server's own instructions:"}
      </p>
      <pre className="code-block" tabIndex={0} role="region" aria-label="Update command">
        {recipe.command}
      </pre>
      <CopyButton text={recipe.command} label="Copy" />
    </div>
  );
}

function UpdateSection(props: { update: UpdateInfo }) {
  const { update } = props;
  const openExternal = useOpenExternal();
  const launchUpdate = useUpdateLauncher();
  const plan = update.plan;
  const facts = contentFacts(update);
  const guided = plan?.action === "download" || plan?.action === "recipe";
  const local = update.state === "changed-locally";
  const action =
    guided && launchUpdate ? (
      <button
        type="button"
        className={local ? "button" : "button primary"}
        onClick={() => launchUpdate(update.skillId)}
      >
        {local ? "Update anyway (my version is kept as a backup)" : "Update…"}
      </button>
    ) : null;
  return (
    <section className="card">
      <h2>Updates</h2>
      <p className={`update-state state-${update.state}`}>{updateStateSentence(update)}</p>
      {plan && (update.state === "outdated" || local) ? (
        <div className="update-plan" data-plan={plan.kind}>
          <p>
            <strong>Next step:</strong>{" "}
            {local
              ? guided
                ? "Keep your changes, or update anyway: you see every file it replaces before anything changes."
                : "Nothing to do: there is no newer version to replace your changes with."
              : guided && launchUpdate
                ? guidedNextStep(update)
                : plan.nextStep}
          </p>
          {action}
          {plan.steps.length > 1 ? (
            <ol>
              {plan.steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
      <p className="muted">
        {update.source === "none" ? "Checked" : `Checked with ${updateSourceLabel(update.source)}`}
        {update.checkedAt ? (
          <>
            {" "}
            <When date={update.checkedAt} />
          </>
        ) : null}
        {update.source === "none" ? "; no update source is known for this skill." : "."}
      </p>
      {facts && (facts.where || facts.files.length) ? (
        <div className="update-content" data-testid="update-content">
          {facts.where ? (
            <p className="muted">
              Folder: {facts.where}
              {facts.hashes ? ` — ${facts.hashes}` : ""}
            </p>
          ) : null}
          {facts.files.length ? (
            <>
              <p>
                {facts.local
                  ? "Changed here since it was installed (an update would overwrite these):"
                  : "Files that differ from GitHub:"}
              </p>
              <ul className="changed-files">
                {facts.files.map((file) => (
                  <li key={file}>
                    <code>{escapeControl(file)}</code>
                  </li>
                ))}
                {facts.more ? <li>and {facts.more} more</li> : null}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      {update.releaseNotesUrl ? (
        <button type="button" className="link" onClick={() => openExternal(update.releaseNotesUrl!)}>
          Release notes
        </button>
      ) : null}
      {update.updateDocUrl ? (
        <button type="button" className="link" onClick={() => openExternal(update.updateDocUrl!)}>
          How to update
        </button>
      ) : null}
      {update.recipe ? <RecipeBlock recipe={update.recipe} /> : null}
    </section>
  );
}

/** The frontmatter could not be read at all, so nothing in it (the version included) is known. */

/** What the skill costs every conversation in each client that lists it (the Budget's figures), and who leaves it out. */
function SkillCost(props: { skillId: string }) {
  const { api } = useApi();
  // The answer is kept with the skill it was asked for, so another skill's figures are never shown.
  const [answer, setAnswer] = useState<{ skillId: string; report: BudgetReport | null } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.resolve()
      .then(() => api.budgetReport())
      .then(
        (report) => live && setAnswer({ skillId: props.skillId, report }),
        () => live && setAnswer({ skillId: props.skillId, report: null }),
      );
    return () => {
      live = false;
    };
  }, [api, props.skillId]);
  const current = answer?.skillId === props.skillId ? answer : null;
  const report = current?.report ?? null;
  const failed = current !== null && current.report === null;
  const costs = report ? skillCosts(report, props.skillId) : null;
  return (
    <section className="card" data-testid="skill-cost">
      <h2>What it costs every conversation</h2>
      {failed ? <p className="muted">The clients' listings could not be worked out; the Budget tab says why.</p> : null}
      {!report && !failed ? <p className="muted">Working out each client's listing…</p> : null}
      {costs && costs.listed.length === 0 ? <p className="muted">No client on this computer lists it.</p> : null}
      {costs && costs.listed.length > 0 ? (
        <ul className="skill-costs">
          {costs.listed.map((c) => (
            <li key={`${c.clientId}\0${c.listedAs}`}>
              <strong>{c.label}</strong>: {count(c.chars)} characters, {tokens(c.tokens)}
              {c.listedAs.includes(":") ? ` (listed as ${c.listedAs})` : ""}
              {c.mode === "name-only" ? " (name only)" : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {costs?.notListed.map((c) => (
        <p key={c.clientId} className="muted">
          Not listed in {c.label}: {c.detail}
        </p>
      ))}
      {report ? <p className="muted small">{report.tokenEstimate}</p> : null}
    </section>
  );
}

function frontmatterUnread(skill: Skill): boolean {
  return skill.diagnostics.some((d) => d.code.startsWith("skill.frontmatter.") && stopsLoading(d, null));
}

/** The overview tab of a skill. */
export function SkillOverview(props: { skill: Skill; update?: UpdateInfo }) {
  const { skill, update } = props;
  const skillFile = `${skill.dir}${skill.dir.includes("\\") ? "\\" : "/"}SKILL.md`;
  const fit = clientFit(skill);
  const [comparing, setComparing] = useState<string | null>(null);
  const pressing = update && (update.state === "outdated" || update.state === "changed-locally");
  return (
    <div className="overview">
      {update && pressing ? <UpdateSection update={update} /> : null}
      <section className={`card fit fit-${fit.verdict}`} data-testid="client-fit">
        <h2>
          {skill.client === "custom" || skill.client === "agents"
            ? "Will agents load it?"
            : `Works in ${fit.clientName}?`}
        </h2>
        <p className="fit-headline">
          <span className="fit-mark" aria-hidden="true">
            {fit.verdict === "loads"
              ? "✓"
              : fit.verdict === "turned-off"
                ? "○"
                : fit.verdict === "may-not-load"
                  ? "!"
                  : "✕"}
          </span>{" "}
          <InlineText text={fit.headline} />
        </p>
        {alsoLoadedIn(skill).map((also) => (
          <p key={also.clientName} className="fit-also" data-testid="fit-also">
            {also.sentence}
          </p>
        ))}
        {fit.instead ? (
          <p className="fit-instead" data-testid="fit-instead">
            <strong>What to do instead of editing:</strong> {fit.instead}
          </p>
        ) : null}
      </section>
      <section className="card">
        <h2>Version</h2>
        {skill.version ? (
          <p>
            <strong>{skill.version}</strong>{" "}
            <span className="muted">read from {VERSION_SOURCES[skill.versionSource ?? ""] ?? "the skill"}</span>
          </p>
        ) : (
          <p className="muted">
            {frontmatterUnread(skill)
              ? "The version cannot be read until the frontmatter is fixed (see the checks below)."
              : skill.userOwned
                ? "This skill does not say which version it is (add metadata.version to SKILL.md)."
                : "This skill does not say which version it is; its author can add one to a future release (a change made here would be undone)."}
          </p>
        )}
      </section>
      <SkillCost skillId={skill.id} />
      {update && !pressing ? <UpdateSection update={update} /> : null}
      <SkillHistory skill={skill} />
      <section className="card">
        <h2>Where it lives</h2>
        <ul className="places">
          <PlaceRow
            label={skill.userOwned ? "Folder" : "Folder (managed by an app — changes here may be undone)"}
            path={skill.dir}
            editable={fit.editable ? skillFile : undefined}
          />
          {skill.realDir !== skill.dir ? (
            <PlaceRow label="Real folder (the folder above is a link to it)" path={skill.realDir} />
          ) : null}
          {skill.links.map((link) => (
            <PlaceRow key={link} label="Also linked from" path={link} />
          ))}
          {(skill.placements ?? [])
            .filter((p) => p.path !== skill.dir && p.path !== skill.realDir && !skill.links.includes(p.path))
            .map((p) => (
              <PlaceRow key={p.path} label={p.link ? "Also visible through a link at" : "Also at"} path={p.path} />
            ))}
        </ul>
        {skill.drift && skill.drift.length > 0 ? (
          <div className="drift-note" role="note">
            <strong>Drift:</strong> a skill with the same name but different content is also at:
            <ul>
              {skill.drift.map((d) => (
                <li key={d}>
                  <code className="path">{d}</code>{" "}
                  <button
                    type="button"
                    className="button small"
                    aria-pressed={comparing === d}
                    onClick={() => setComparing(comparing === d ? null : d)}
                    aria-label={`Compare with the copy at ${d}`}
                  >
                    Compare
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {comparing ? <CopyCompare here={skill.dir} there={comparing} onClose={() => setComparing(null)} /> : null}
      </section>
      {skill.desktop ? (
        <section className="card">
          <h2>Claude Desktop</h2>
          <dl className="facts">
            <dt>Account tree</dt>
            <dd>{skill.desktop.accountTree}</dd>
            <dt>Skill ID</dt>
            <dd>{skill.desktop.skillId ?? "not listed in Desktop's manifest"}</dd>
            <dt>Enabled</dt>
            <dd>{skill.desktop.enabled === null ? "unknown" : skill.desktop.enabled ? "yes" : "no"}</dd>
            <dt>Created by</dt>
            <dd>{skill.desktop.creatorType ?? "unknown"}</dd>
            <dt>Synced by Desktop</dt>
            <dd>
              {skill.desktop.syncManaged === null
                ? "unknown"
                : skill.desktop.syncManaged
                  ? "yes — edit it through Desktop"
                  : "no"}
            </dd>
            {skill.desktop.updatedAt ? (
              <>
                <dt>Last updated</dt>
                <dd>
                  <When date={skill.desktop.updatedAt} fallback={skill.desktop.updatedAt} />
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      <section className="card">
        <h2>{fit.editable ? "Checks" : "Checks — notes for the skill's author"}</h2>
        {!fit.editable && skill.diagnostics.length > 0 ? (
          <p className="muted">
            Changes made in this folder would be undone, so no fixes are suggested here; the author can use these notes.
          </p>
        ) : null}
        <DiagnosticsList diagnostics={skill.diagnostics} root={skill.dir} editable={fit.editable} />
      </section>
    </div>
  );
}
