// How an injected bootstrap file reads inside the system prompt: a `## <absolute path>` heading,
// then the text, after OpenClaw's prompt clean-up (which runs after the budget, so it changes what
// the agent reads but not what was counted). Headings are not counted in either cap.
import type { BootstrapProfile } from './bootstrap-profiles.js';

/** OpenClaw 2026.4.15's default heartbeat-prompt block, removed from context files verbatim. */
const HEARTBEAT_BLOCK_LITERAL =
  'Default heartbeat prompt:\n`Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.`';
/** OpenClaw 2026.9.6's pattern for the same block (both wordings it has shipped). */
const HEARTBEAT_BLOCK_PATTERN =
  /Default heartbeat prompt:\r?\n`(?:Read HEARTBEAT\.md if it exists|Follow the heartbeat monitor scratch context when provided\.)[^`\r\n]*HEARTBEAT_OK\.`/gu;

export function promptTextFor(
  profile: Pick<BootstrapProfile, 'promptSanitize'>,
  absPath: string,
  injected: string,
): string {
  let body = injected;
  if (profile.promptSanitize === 'heartbeat-literal')
    body = body.replaceAll(HEARTBEAT_BLOCK_LITERAL, '').replace(/\n{3,}/g, '\n\n');
  if (profile.promptSanitize === 'heartbeat-pattern')
    body = body.replace(HEARTBEAT_BLOCK_PATTERN, '').replace(/\n{3,}/g, '\n\n');
  return `## ${absPath.trim().replace(/\\/g, '/')}\n${body}`;
}
