// Release notes inside the app, rendered as safely as a skill's instructions (no raw HTML, images as links), and a
// link to the release page that asks before leaving the app.
import { useMemo } from "react";
import type { UpdateInfo } from "../../../shared/model";
import { renderInstructions } from "../lib/markdown";
import { useOpenExternal } from "../shared/ExternalLink";

/** The notes' own headings become bold lines, so they never break the order of the view's headings. */
function flattenHeadings(html: string): string {
  return html.replace(/<(\/?)h[1-6]>/g, (_tag, closing: string) =>
    closing ? "</strong></p>" : '<p class="md-heading"><strong>',
  );
}

/** The notes of the release that was found, when the check brought them (folded unless `open`), and links to read more. */
export function ReleaseNotes(props: { info: UpdateInfo; open?: boolean }) {
  const { info } = props;
  const openExternal = useOpenExternal();
  const html = useMemo(
    () => (info.releaseNotes ? flattenHeadings(renderInstructions(info.releaseNotes)) : null),
    [info.releaseNotes],
  );
  const onClick = (event: React.MouseEvent) => {
    const link = (event.target as HTMLElement).closest("a");
    if (!link) return;
    event.preventDefault();
    const href = link.getAttribute("href");
    if (href) openExternal(href);
  };
  return (
    <div className="release-notes">
      {html ? (
        <details open={props.open === true}>
          <summary>Release notes</summary>
          <div
            className="markdown"
            // Catches the clicks of the links inside (a link's Enter is a click too), so the container has no role.
            role="presentation"
            onClick={onClick}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </details>
      ) : null}
      {info.releaseNotesUrl ? (
        <button type="button" className="link" onClick={() => openExternal(info.releaseNotesUrl!)}>
          {html ? "Release page" : "Release notes"}
        </button>
      ) : null}
      {info.updateDocUrl ? (
        <button type="button" className="link" onClick={() => openExternal(info.updateDocUrl!)}>
          How to update
        </button>
      ) : null}
    </div>
  );
}
