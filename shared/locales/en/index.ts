// English, one module per namespace (a feature or a kind of message); the shape every language fills.
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

export const en = {
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
