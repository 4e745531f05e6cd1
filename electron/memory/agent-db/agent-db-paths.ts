/** The file name OpenClaw gives each agent's database, in `agents/<id>/agent/`. */
export const AGENT_DB_FILE = 'openclaw-agent.sqlite';
