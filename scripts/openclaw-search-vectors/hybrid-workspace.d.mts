// Types for hybrid-workspace.mjs (plain JavaScript so the generator runs on OpenClaw's Node).
import type { SearchVectorWorkspace } from './search-workspaces.d.mts';
export const NOW: string;
export const MTIME: string;
export const HYBRID_MODEL: string;
export const HYBRID_WORKSPACE: SearchVectorWorkspace;
