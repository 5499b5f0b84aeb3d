// The specification's limits and recommendations, one copy for the validator and the level views.

/** Most code points in a skill's name. */
export const MAX_NAME = 64;
/** Most code points in a skill's description. */
export const MAX_DESCRIPTION = 1024;
/** Most code points in `compatibility`. */
export const MAX_COMPATIBILITY = 500;
/** Recommended most lines of instructions. */
export const MAX_BODY_LINES = 500;
/** Recommended most (estimated) tokens of instructions. */
export const MAX_BODY_TOKENS = 5000;
