// English, one module per namespace (a feature or a kind of message); the shape every language fills.
import { app } from './app.js';
import { doctor } from './doctor.js';

export const en = { app, doctor };
