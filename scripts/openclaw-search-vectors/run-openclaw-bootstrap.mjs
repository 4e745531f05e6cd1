// Runs inside OpenClaw's Node in a sandbox HOME: what OpenClaw 2026.9.6 injects into the prompt
// for a workspace's annotated MEMORY.md and USER.md — its own loadWorkspaceBootstrapFiles (reads
// the files as the agent does) and buildBootstrapContextFiles (the 20,000 / 60,000 / USER.md 4,000
// budget). Usage: node run-openclaw-bootstrap.mjs <workspaceDir> → JSON on stdout.
import { load } from './openclaw-dist.mjs';

const loadWorkspaceBootstrapFiles = await load('loadWorkspaceBootstrapFiles');
const buildBootstrapContextFiles = await load('buildBootstrapContextFiles');
const files = (await loadWorkspaceBootstrapFiles(process.argv[2], ['MEMORY.md', 'USER.md'])).filter((f) => !f.missing);
const warnings = [];
const injected = buildBootstrapContextFiles(files, {
  maxChars: 20000,
  totalMaxChars: 60000,
  warn: (w) => warnings.push(w),
});
process.stdout.write(
  JSON.stringify({
    injected: injected.map((f) => ({ name: files.find((x) => x.path === f.path)?.name, content: f.content })),
    warnings,
  }),
);
