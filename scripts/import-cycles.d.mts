// Types for import-cycles.mjs (plain JavaScript so the check runs on bare Node).
/** Import cycles among the production files under `roots` of the tree at `top`, each a sorted list of files. */
export function findImportCycles(top: string, roots?: readonly string[]): string[][];
