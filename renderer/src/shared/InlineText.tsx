// Text from findings and fixes with its `code` spans shown as code (no literal backticks), and dates in words.
import { useEffect, useState } from "react";
import { formatDateTime, formatRelativeTime, parseDate, splitInlineCode } from "../../../shared/format";

/** A message with backtick spans rendered as <code>. */
export function InlineText(props: { text: string }) {
  return (
    <>
      {splitInlineCode(props.text).map((part, i) =>
        part.code ? (
          <code key={i} className="inline-code">
            {part.text}
          </code>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** A moment as people say it ("5 minutes ago"), with the exact date and time in its tooltip. */
export function When(props: { date: string | Date | null | undefined; fallback?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const date = parseDate(props.date);
  if (!date) return <>{props.fallback ?? "at an unknown time"}</>;
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {formatRelativeTime(date, now)}
    </time>
  );
}
