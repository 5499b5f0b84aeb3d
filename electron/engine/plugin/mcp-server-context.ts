// What checking one mcp.json server entry needs to know about where it sits.
import type { TextPosition } from "./json-position";

/** The server being checked, its file, and how to find a line for one of its fields. */
export interface ServerContext {
  name: string;
  /** Plugin root as given (absolute). */
  root: string;
  /** Plugin root with links resolved. */
  realRoot: string;
  /** mcp.json (absolute). */
  file: string;
  /** Position of a field of this server (no keys: the server's own key). */
  at: (...keys: Array<string | number>) => TextPosition | undefined;
}
