// save-session's defaults, apart from the code that saves: `memlens --help` names them without loading it.

/** OpenClaw's default `messages` for the hook. */
export const DEFAULT_SESSION_MESSAGES = 15;
