// What a new version can do that the installed one could not (or, for a skill being added, what it can do at all),
// shown apart from the file diff so a person sees it before Apply.
import type { CapabilityReview } from "../../../shared/capabilities";

/** The capability part of a review: one line per new script, hook, tool, server, command, host or hidden text. */
export function CapabilityChanges(props: { review: CapabilityReview | undefined; adding?: boolean }) {
  const review = props.review;
  if (!review) return null;
  const { added } = review;
  const capped = review.capabilities.capped;
  if (!added.length)
    return (
      <p className="muted" data-testid="capability-changes">
        {props.adding
          ? "It runs no scripts, hooks or servers, and names no other sites."
          : "It can do nothing the installed version could not."}
        {capped ? ` (${capped})` : ""}
      </p>
    );
  return (
    <section
      className={review.asks ? "banner warning capability-changes" : "capability-changes"}
      data-testid="capability-changes"
      aria-label={props.adding ? "What it can do" : "What the new version adds"}
    >
      <p>
        <strong>
          {props.adding ? "What it can do" : "What the new version can do that the installed one could not"}
        </strong>
        {review.asks ? " — look at these before you go on:" : ":"}
      </p>
      <ul>
        {added.slice(0, 30).map((c, i) => (
          <li key={i} className={`capability-${c.kind}`}>
            {c.text}
          </li>
        ))}
      </ul>
      {added.length > 30 ? <p className="muted">And {added.length - 30} more.</p> : null}
      {capped ? <p className="muted">{capped}</p> : null}
    </section>
  );
}
