// The lines `memlens serve`, `memlens watch` and the desktop app print to stderr when something in
// the background fails: the process words them in its language. `{{error, failure}}` is the failure itself.
export const log = {
  background: '{{error, failure}}',
  /** An app database (history, agent activity) found damaged at open, moved aside and replaced. */
  damaged: {
    discarded:
      '$t(errors:writable.store.{{what}}) was damaged ({{reason, reason}}); it was moved aside to {{aside}} and a new one was started.',
    salvaged_one:
      '$t(errors:writable.store.{{what}}) was damaged ({{reason, reason}}); it was moved aside to {{aside}} and rebuilt with the {{count}} version that could be read ({{lost}} could not).',
    salvaged_other:
      '$t(errors:writable.store.{{what}}) was damaged ({{reason, reason}}); it was moved aside to {{aside}} and rebuilt with the {{count}} versions that could be read ({{lost}} could not).',
    reason: {
      noMarker: 'the file has tables but no Memory Lens marker',
      integrity: 'integrity check: {{detail}}',
      corrupt: 'the database disk image is malformed ({{code}})',
      notDatabase: 'the file is not a database ({{code}})',
    },
  },
  reopen: {
    endpoint: 'reopening now that the embedding endpoint answers failed: {{error, failure}}',
    settings: 'reopening with the new settings failed: {{error, failure}}',
    key: 'reopening with the new key failed: {{error, failure}}',
  },
  startupFallback: 'cannot open {{dir}}: {{error, failure}}; opening the sample workspace',
  modelDownloadAsk: 'could not ask about the model download: {{error, failure}}',
  endpointKeyUndecryptable: 'the stored endpoint key could not be decrypted: {{error, failure}}',
  secretPurgeTranscripts: 'secret purge: transcripts were not checked: {{error, failure}}',
  doctor: {
    failed: 'doctor: {{error, failure}}',
    mainThread: 'doctor: {{error, failure}}; this pass runs in the main thread',
  },
  history: {
    notRecorded: 'history: {{path}} was not recorded: {{error, failure}}',
    retention: 'history: retention failed: {{error, failure}}',
    purge: 'history: purging {{name}} failed: {{error, failure}}',
    notKept: 'history is not kept for {{dir}}: {{error, failure}}',
    transcriptsUnlisted: 'history: transcripts could not be listed: {{error, failure}}',
    sessionUnread: 'history: {{session}} could not be read: {{error, failure}}',
  },
  /** The desktop app's main process (electron/main/main-words.ts). */
  main: {
    refused: 'refused {{channel}}: {{reason, reason}}',
    sender: {
      notOurWindow: 'webContents {{id}} is not a Memory Lens window',
      frameGone: 'the sending frame is gone',
      frameDetached: 'the sending frame is detached',
      subFrame: 'sub-frames may not call the API',
      badUrl: 'unparseable frame URL {{url}}',
      otherOrigin: 'origin {{origin}} is not {{expected}}',
    },
  },
  mcp: {
    protocol: 'protocol: {{error, failure}}',
    toolFailed: '{{name}} failed unexpectedly: {{error, failure}}',
    toolError: '{{name}} answered with an error: {{text}}',
    toolErrorUnsaid: '{{name}} answered with an error',
    skipped: 'skipped a message of {{bytes}} bytes (over {{limit}}); id {{id}}',
  },
  activity: {
    vacuum: 'vacuuming the search log failed: {{error, failure}}',
    readCounts: 'reading access counts failed: {{error, failure}}',
    recordAccess: 'recording an access failed: {{error, failure}}',
    logSearch: 'logging the search failed: {{error, failure}}',
    notKept: 'agent activity (access counts, search log) is not kept: {{error, failure}}',
  },
};
