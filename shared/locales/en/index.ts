// English, one module per namespace (a feature or a kind of message); the shape every language fills.
import { app } from './app.js';
import { cli } from './cli.js';
import { doctor } from './doctor.js';
import { errors } from './errors.js';
import { explain } from './explain.js';
import { files } from './files.js';
import { history } from './history.js';
import { menu } from './menu.js';
import { search } from './search.js';
import { secrets } from './secrets.js';
import { settings } from './settings.js';
import { status } from './status.js';
import { timeline } from './timeline.js';

export const en = {
  app,
  cli,
  doctor,
  errors,
  explain,
  files,
  history,
  menu,
  search,
  secrets,
  settings,
  status,
  timeline,
};
