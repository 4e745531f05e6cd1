// The subcommand table. A new subcommand is one line here; `help` lists them in this order.
import type { CliCommand } from './command.js';
import { agentSearchesCommand } from './commands/agent-searches-command.js';
import { contextCommand } from './commands/context-command.js';
import { evalCommand } from './commands/eval-command.js';
import { getCommand } from './commands/get-command.js';
import { changesCommand, diffCommand, historyCommand, restoreCommand } from './commands/history-commands.js';
import { indexCommand } from './commands/index-command.js';
import { mcpCommand } from './commands/mcp-command.js';
import { saveSessionCommand } from './commands/save-session-command.js';
import { searchCommand } from './commands/search-command.js';
import { secretsCommand } from './commands/secrets-command.js';
import { serveCommand } from './commands/serve-command.js';
import { statusCommand } from './commands/status-command.js';
import { watchCommand } from './commands/watch-command.js';

export const COMMANDS: readonly CliCommand[] = [
  indexCommand,
  searchCommand,
  evalCommand,
  getCommand,
  statusCommand,
  agentSearchesCommand,
  contextCommand,
  watchCommand,
  serveCommand,
  mcpCommand,
  saveSessionCommand,
  historyCommand,
  diffCommand,
  restoreCommand,
  changesCommand,
  secretsCommand,
];
