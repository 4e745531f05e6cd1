// Simplified Chinese. Terms follow OpenClaw's zh-CN interface: 记忆, 会话, 心跳, 向量, 关键词, 智能体, 梦境.
import type { Messages } from '../translation.js';
import { agents } from './agents.js';
import { app } from './app.js';
import { cli } from './cli.js';
import { context } from './context.js';
import { doctor } from './doctor.js';
import { editor } from './editor.js';
import { errors } from './errors.js';
import { explain } from './explain.js';
import { files } from './files.js';
import { history } from './history.js';
import { log } from './log.js';
import { menu } from './menu.js';
import { search } from './search.js';
import { secrets } from './secrets.js';
import { settings } from './settings.js';
import { status } from './status.js';
import { timeline } from './timeline.js';

export const zhCN: Messages = {
  agents,
  app,
  cli,
  context,
  doctor,
  editor,
  errors,
  explain,
  files,
  history,
  log,
  menu,
  search,
  secrets,
  settings,
  status,
  timeline,
};
