// The one seam to the plugin reader, so discovery depends on its contract (PluginReport) in a single place.
import { readPlugin } from "../plugin/read-plugin";

/** Reads and validates one Agent Plugins package (the plugin engineer's reader). */
export const readPluginReport = readPlugin;
