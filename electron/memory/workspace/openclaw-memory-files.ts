// The files OpenClaw 2026.9.6 indexes for memory_search (listMemoryFiles): MEMORY.md (exactly that
// name, a regular file), USER.md, and every *.md under memory/ — symlinks skipped, sorted per
// folder as OpenClaw walks them. Read as UTF-8, as OpenClaw reads them. OpenClaw's side of the
// workspace scope (shared/memory-scope.ts isOpenclawMemoryPath is the same rule by name): the
// profile's ranker and the agent-index comparison both list through it.
import fs from 'node:fs/promises';
import path from 'node:path';

async function regularFile(abs: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const stat = await fs.lstat(abs);
    return stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : null;
  } catch {
    return null;
  }
}

async function walk(dir: string, out: string[]): Promise<void> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      if (entry.name !== '.openclaw-repair') await walk(abs, files);
    } else if (entry.isFile() && entry.name.endsWith('.md')) files.push(abs);
  }
  out.push(...files.sort());
}

/** Absolute paths in OpenClaw's order. */
async function listPaths(workspaceDir: string): Promise<string[]> {
  const out: string[] = [];
  const root = await fs.readdir(workspaceDir, { withFileTypes: true }).catch(() => []);
  if (root.some((e) => e.name === 'MEMORY.md' && e.isFile())) out.push(path.join(workspaceDir, 'MEMORY.md'));
  if (await regularFile(path.join(workspaceDir, 'USER.md'))) out.push(path.join(workspaceDir, 'USER.md'));
  const memoryDir = path.join(workspaceDir, 'memory');
  const dirStat = await fs.lstat(memoryDir).catch(() => null);
  if (dirStat?.isDirectory() && !dirStat.isSymbolicLink()) await walk(memoryDir, out);
  return out;
}

export interface MemoryFileStat {
  path: string;
  absPath: string;
  size: number;
  mtimeMs: number;
}

/** The files with their size and mtime, without reading them: a cheap "did anything change". */
export async function statMemoryFilesLikeOpenClaw(workspaceDir: string): Promise<MemoryFileStat[]> {
  const out: MemoryFileStat[] = [];
  for (const abs of await listPaths(workspaceDir)) {
    const stat = await regularFile(abs);
    if (stat) out.push({ path: path.relative(workspaceDir, abs).split(path.sep).join('/'), absPath: abs, ...stat });
  }
  return out;
}

/** The file's text as OpenClaw reads it (UTF-8), or null when it vanished meanwhile. */
export async function readMemoryFileText(file: MemoryFileStat): Promise<string | null> {
  return fs.readFile(file.absPath, 'utf8').catch(() => null);
}
