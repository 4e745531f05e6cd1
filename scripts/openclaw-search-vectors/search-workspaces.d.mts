// Types for search-workspaces.mjs (plain JavaScript so the generator runs on OpenClaw's Node).
export interface SearchVectorWorkspace {
  name: string;
  files: Record<string, string>;
  queries: string[];
}
export const NOW: string;
export const MTIME: string;
export const WORKSPACES: SearchVectorWorkspace[];
export function annotatedBootstrapFiles(size: {
  memory: number;
  user: number;
}): Record<'MEMORY.md' | 'USER.md', string>;
export const BOOTSTRAP_SIZES: Array<{ memory: number; user: number }>;
