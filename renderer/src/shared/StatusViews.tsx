// Empty, loading and error states, written for someone who is not a developer.
import type { ReactNode } from "react";

/** A centred message with an optional action. */
export function EmptyState(props: { title: string; children?: ReactNode; action?: ReactNode; icon?: string }) {
  return (
    <div className="empty-state" role="status">
      {props.icon ? (
        <div className="empty-icon" aria-hidden="true">
          {props.icon}
        </div>
      ) : null}
      <h2>{props.title}</h2>
      {props.children ? <div className="empty-text">{props.children}</div> : null}
      {props.action ? <div className="empty-action">{props.action}</div> : null}
    </div>
  );
}

/** Shown while something is being read. */
export function Loading(props: { label: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{props.label}</span>
    </div>
  );
}

/** Shown when something failed, with what to try next. */
export function ErrorState(props: { title: string; message: string; onRetry?: () => void }) {
  return (
    <div className="empty-state error-state" role="alert">
      <div className="empty-icon" aria-hidden="true">
        ⚠︎
      </div>
      <h2>{props.title}</h2>
      <p className="empty-text">{props.message}</p>
      {props.onRetry ? (
        <button type="button" className="button primary" onClick={props.onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** This browser is not signed in (a bookmark, another browser, or a sign-in code that was already used). */
export function NoAccess() {
  return (
    <main className="no-access">
      <EmptyState title="Open Skillshelf from the file it printed" icon="!">
        <p>
          For your safety, this page only works in a browser signed in through the private file Skillshelf wrote when it
          started. Look in the terminal where you ran <code>skillshelf serve</code> (or <code>npm start</code>) and open
          the address that starts with <code>file://</code> in this browser; each opening signs one browser in.
        </p>
      </EmptyState>
    </main>
  );
}
