// Types for search-workspaces.mjs (plain JavaScript so the generator runs on OpenClaw's Node).
export interface SearchVectorWorkspace {
  name: string;
  files: Record<string, string>;
  queries: string[];
}
export const NOW: string;
export const MTIME: string;
export const WORKSPACES: SearchVectorWorkspace[];
