// Typed errors by message id, in English: this text is also the error's `message` in the API and CLI.
export const errors = {
  alreadyExists: 'A file already exists at {{path}}.',
  changedOnDisk: '{{path}} changed on disk since it was opened.',
  deletedOnDisk: '{{path}} was deleted on disk since it was opened.',
  movedOnDisk: '{{path}} was deleted or moved on disk since it was opened.',
  noSuchFile: 'No such file: {{path}}',
  noSuchMemoryFile: 'No such memory file: {{path}}',
  notAFile: 'Not a file: {{path}}',
  notATranscript: 'Not a session transcript: {{path}}',
  noWorkspace: 'No workspace is open yet.',
  workspaceNotFound: 'Workspace folder not found: {{path}}',
  /** The app's own SQLite files (history, agent activity) that are not ours to touch (app-database.ts). */
  appDatabase: {
    notOurs: '{{path}} is not a Memory Lens file (application_id {{id}}); it was left alone.',
    newer: '{{path}} was written by a newer Memory Lens (schema {{version}}); it was left alone.',
  },
  /** The desktop app's engine process exited (electron/main/engine-host-client.ts). */
  engineGone: 'The engine stopped (exit code {{code}}). Restart Memory Lens.',
  engineClosed: 'The memory engine has been closed.',
  sameName: 'The new name is the same as the old one.',
  pathRequired: 'A path is required.',
  badPercentEncoding: 'Path is not valid percent-encoding: {{path}}',
  bidiName:
    'The name contains an invisible text-direction character ({{control}}), which can make it read as another name: {{name}}',
  noChecksum: '{{path}} declares no frontmatter checksum.',
  readOnly: {
    'too-large': '{{path}} is read-only (too-large).',
    'invalid-utf8': '{{path}} is read-only (invalid-utf8).',
    fileMode:
      '{{path}} is read-only (file mode {{mode}}); nothing was written. "Save anyway" writes it and keeps the mode.',
  },
  /** Verbs of `fs.*` below, by the file action that failed (`{{action, fileaction}}`). */
  action: { open: 'open', read: 'read', save: 'save', create: 'create', rename: 'rename', delete: 'delete' },
  fs: {
    diskFull:
      'Not enough disk space to {{action, fileaction}} {{path}}; nothing was changed. Free some space and try again.',
    readOnlyFs: 'Cannot {{action, fileaction}} {{path}}: the file system is read-only.',
    permission: 'Cannot {{action, fileaction}} {{path}}: permission denied.',
    nameTooLong: 'Cannot {{action, fileaction}} {{path}}: the name or path is too long for this file system.',
    symlinkLoop:
      'Cannot {{action, fileaction}} {{path}}: it goes through a symlink loop (a link that leads back to itself).',
    tooManyOpen: 'Cannot {{action, fileaction}} {{path}} right now: too many files are open. Try again shortly.',
    io: 'Cannot {{action, fileaction}} {{path}}: the disk reported an I/O error.',
    busy: 'Cannot {{action, fileaction}} {{path}} right now: another program holds it busy. Try again shortly.',
    refused: 'Cannot {{action, fileaction}} {{path}}: the file system refused ({{errno}}).',
  },
  limits: {
    depth: 'The path is {{depth}} levels deep; Memory Lens handles at most {{max}}: {{path}}',
    nameBytes: 'The name "{{name}}" is {{bytes}} bytes long; names can be at most {{max}} bytes.',
    pathBytes: 'The path is {{bytes}} bytes long; paths can be at most {{max}} bytes: {{path}}',
  },
  dataDiskFull: {
    in: 'The data disk is full: {{file}} in {{folder}} cannot be written ({{cause, syserror}}); nothing was lost or moved. Free some space and it carries on.',
    at: 'The data disk is full: {{path}} cannot be written ({{cause, syserror}}); nothing was lost or moved. Free some space and it carries on.',
  },
  /** A call refused at the API boundary before it ran. */
  request: {
    unknownCall: 'Unknown call: {{method}}',
    tooLarge: '{{method}}: arguments are {{bytes}} bytes; the limit is {{max}}.',
    /** `issues`: zod's issues as JSON, worded in each language (shared/request-issues.ts). */
    invalid: '{{method}}: {{issues, requestissues}}',
    /** The name of an issue on the arguments as a whole rather than one field. */
    whole: 'arguments',
    issue: '{{field}}: {{text}}',
    sep: '; ',
    badResult: '{{method}} returned a value outside the contract: {{issues, requestissues}}',
    /**
     * Zod's issues whose type names its locales leave in English, worded here in other languages
     * (shared/request-issues.ts); English keeps zod's own message, which these mirror.
     */
    zod: {
      invalidType: 'Invalid input: expected {{expected}}, received {{received}}',
      invalidTypeExpected: 'Invalid input: expected {{expected}}',
      tooBig: {
        sized: 'Too big: expected {{origin}} to have <={{limit}} {{unit}}',
        sizedExclusive: 'Too big: expected {{origin}} to have <{{limit}} {{unit}}',
        value: 'Too big: expected {{origin}} to be <={{limit}}',
        valueExclusive: 'Too big: expected {{origin}} to be <{{limit}}',
      },
      tooSmall: {
        sized: 'Too small: expected {{origin}} to have >={{limit}} {{unit}}',
        sizedExclusive: 'Too small: expected {{origin}} to have >{{limit}} {{unit}}',
        value: 'Too small: expected {{origin}} to be >={{limit}}',
        valueExclusive: 'Too small: expected {{origin}} to be >{{limit}}',
      },
    },
    /** Zod's type names (expected and received), and the units of a size. */
    type: {
      value: 'value',
      string: 'string',
      number: 'number',
      int: 'int',
      bigint: 'bigint',
      boolean: 'boolean',
      symbol: 'symbol',
      undefined: 'undefined',
      null: 'null',
      date: 'date',
      object: 'object',
      array: 'array',
      tuple: 'tuple',
      record: 'record',
      map: 'map',
      set: 'set',
      file: 'file',
      function: 'function',
      nan: 'nan',
      never: 'never',
      void: 'void',
      promise: 'promise',
    },
    unit: {
      characters: 'characters',
      items: 'items',
      bytes: 'bytes',
    },
  },
  /** What this host was started without (`need` in api-dispatcher.ts). */
  notKept: {
    drafts: 'Drafts are not kept by this host.',
    judgments: 'Judgments are not kept by this host.',
    modelLists: 'Model lists are not kept by this host.',
    histories: 'Memory histories are not kept by this host.',
    secretPurges: 'Secret purges are not kept by this host.',
    doctor: 'Doctor findings are not kept by this host.',
    agentEmbedder: "The agent's embedder is not kept by this host.",
    endpointKeys: 'Endpoint keys are not kept by this host.',
  },
  /** A path outside what a use allows (shared/memory-scope.ts ALLOWED_PATHS says the same in English). */
  scope: {
    allowed: {
      index:
        'Memory Lens indexes {{files}}, the Markdown files under {{folders}}, configured extra paths and session transcripts only',
      read: 'Memory Lens opens memory files, bootstrap files and session transcripts only',
      get: 'memory_get only reads {{files}} and configured extra paths',
      write:
        'Only Markdown memory files can be written ({{files}} and the layer folders; saving also reaches AGENTS.md, SOUL.md and the other bootstrap files)',
      edit: 'Only Markdown memory files can be renamed or deleted ({{files}} and the layer folders)',
      getMarkdown: 'memory_get reads Markdown memory files only (.md)',
    },
    refused: '$t(errors:scope.allowed.{{rule}}): {{path}}',
    what: {
      hidden: 'is hidden (hidden files and folders are never memory)',
      'not-memory': 'is not a memory file',
      'read-only': 'is a session transcript (read-only)',
      'not-markdown': 'is not a Markdown file',
    },
    link: '{{path}} leads through a symlink to {{target}}, which $t(errors:scope.what.{{kind}}). $t(errors:scope.allowed.{{rule}}).',
    linkToFile: '{{path}} leads through a symlink to a file, which $t(errors:scope.what.{{kind}}).',
    linkToFolder: '{{path}} leads through a symlink to a folder, which $t(errors:scope.what.{{kind}}).',
  },
  symlinkRename: {
    retarget:
      '{{path}} is a symlink to {{link}} ({{target}}); renamed to {{to}} it would lead to another file. Rename {{target}} itself, or make the link absolute.',
    dangle:
      '{{path}} is a symlink to {{link}} ({{target}}); renamed to {{to}} it would lead to nothing (a dangling link). Rename {{target}} itself, or make the link absolute.',
  },
  agent: {
    readFailed: 'Reading {{path}} failed: {{cause, syserror}}',
    searchNotLogged: 'No logged agent search #{{id}} in this workspace (the log keeps the newest {{max}}).',
    agentDbUnreadable: "{{path}} could not be read from {{db}} just now; see the agent database's notice.",
    onlyHeartbeats: 'This heartbeat session holds only heartbeat prompts and HEARTBEAT_OK replies: nothing to save.',
    nothingToSave:
      'This session has no user or assistant messages to save (slash commands and tool output are left out).',
    unknownTimeZone: 'Unknown time zone: {{zone}}',
    namesTaken: '{{path}} and {{count}} numbered variants already exist.',
    noTranscript: 'No such transcript: {{path}}',
    notATranscript: '{{path}} is not an OpenClaw session transcript (no JSON message records).',
  },
  endpointKey: {
    cannotKeep: 'The key cannot be kept: $t(errors:endpointKey.reason.{{reason}}).',
    cannotKeepBecause: 'The key cannot be kept: {{text}}.',
    /** Why the endpoint's key cannot be kept here (the status's `unavailableReason`). */
    reason: {
      noKeychain:
        'this host has no OS keychain (serve mode and the CLI) — name an environment variable that holds the key instead',
      keychainUnavailable:
        'the OS keychain is not available to Memory Lens — name an environment variable that holds the key instead',
      noKeyring:
        'no keyring (GNOME Keyring / KWallet) is running, so the key would be kept under a fixed password — start one, or name an environment variable instead',
      undecryptable: 'the stored key could not be decrypted by this keychain — enter it again or forget it',
      windowNoKeychain: 'this window has no OS keychain',
    },
  },
  workspace: {
    noDialog: "Serve mode has no folder dialog: pick an agent's workspace, or restart `memlens serve --workspace DIR`.",
    notOffered:
      'Only a workspace chosen before with "Open workspace…", or an OpenClaw agent\'s workspace, can be opened by path.',
    noneFound: 'No workspace given, none at ~/.openclaw/workspace, and no bundled sample workspace.',
  },
  index: {
    damaged: 'The index is damaged and is being rebuilt from the files; try again shortly.',
    rebuilding: 'The index is being rebuilt ({{reason, reason}}); try again shortly.',
    cannotOpen: 'Cannot open the index at {{path}}: {{cause, syserror}}',
    diskFull:
      'The disk holding the index is full ({{cause, syserror}}). Indexing stopped; what was indexed before still answers searches. Free some space, then reindex.',
    insideWorkspace:
      'The index file {{path}} would lie inside the workspace {{workspace}}; choose a location outside it.',
    noSqliteVec: 'the index stores vectors in sqlite-vec, which is not loaded',
  },
  /** Why a file is not in the index: left out on purpose, or failed (shared/index-reasons.ts). */
  indexing: {
    tooLarge: {
      memory: 'too large to index ({{size, megabytes}}; Markdown files over {{max, megabytes}} are not indexed)',
      sessions: 'too large to index ({{size, megabytes}}; transcripts over {{max, megabytes}} are not indexed)',
    },
    /** A size under a megabyte (`{{…, megabytes}}`). */
    bytes: '{{bytes}} bytes',
    nulByte: 'not text (a NUL byte at offset {{offset}}); binary files are not indexed',
    invalidUtf8:
      'not text ({{share}}% invalid UTF-8) — {{invalid, number}} byte sequences in the first {{kb}} KB do not decode; binary files are not indexed',
    invalidUtf8Whole:
      'not text ({{share}}% invalid UTF-8) — {{invalid, number}} byte sequences in {{bytes, number}} bytes do not decode; binary files are not indexed',
    agentDbUnreadable: 'could not read it from the agent database (see its notice)',
    couldNotRead: 'could not read: {{error, syserror}}',
    couldNotParse: 'could not parse: {{error, syserror}}',
    couldNotIndex: 'could not index: {{error, syserror}}',
    couldNotWrite: 'could not write to the index: {{error, syserror}}',
    embeddingFailed: 'embedding failed, indexed keyword-only: {{error, syserror}}',
    notIndexed: 'not indexed',
    failed: 'failed',
  },
  /** The index's own event log in status (a move-aside, a failed rebuild or reconcile). */
  indexLog: {
    unreadable:
      'The index could not be read ({{reason}}); it was moved to {{movedTo}} and is being rebuilt from the files.',
    damagedMoved:
      'The index was damaged ({{reason, reason}}); it was moved to {{movedTo}} and it is being rebuilt from the files.',
    damaged: 'The index was damaged ({{reason, reason}}); it is being rebuilt from the files.',
    rebuilt: 'The index was rebuilt from the files: {{reason, reason}}.',
    rebuiltUnusable: 'The index was rebuilt from the files: it was unusable.',
    replaced:
      'The index file was replaced by one that could not be read ({{reason}}); it was moved to {{movedTo}} and is being rebuilt from the files.',
    savedNotIndexed: 'Saved, but indexing failed: {{error, syserror}}',
    recoveryFailed: 'Rebuilding the damaged index failed: {{error, syserror}}',
    rebuildFailed: 'Rebuilding the index ({{reason, reason}}) failed: {{error, syserror}}',
    embeddingFailed: 'Embedding what was missing failed: {{error, syserror}}',
    reconcileFailed: 'Reconciling with the files failed: {{error, syserror}}',
    /** A newer version owns the index file: this one serves its own beside it. */
    sideFile:
      'The index at {{path}} was written by a newer Memory Lens (schema version {{stored}}; this version knows {{expected}}). It is left untouched; this version keeps its own index at {{sidePath}}.',
    checkFailed: 'Could not check the index file: {{error, syserror}}',
  },
  /** Why the index is stale, rebuilding, damaged or recovering (status' `state — …`). */
  lifecycle: {
    newerSchema:
      'the index was written by a newer Memory Lens (schema version {{stored}}; this version knows {{expected}})',
    schemaChanged: "index schema version {{stored}} differs from this version's {{expected}}",
    schemaUnknown: "the index records no schema version (this version's is {{expected}})",
    chunkerChanged: "index chunker version {{stored}} differs from this version's {{expected}}",
    chunkerUnknown: "the index records no chunker version (this version's is {{expected}})",
    chunkingChanged: 'chunk size changed from {{from}} to {{to}} tokens (size/overlap)',
    vecNotLoaded: 'the index stores vectors in sqlite-vec, which could not be loaded',
    modelChanged: 'embedding model changed from {{from}} to {{to}}',
    dimsChanged: 'embedding dimensions changed from {{from}} to {{to}}',
    missingTable: 'the index is missing table {{tables}}',
    missingTables: 'the index is missing tables {{tables}}',
    /** Another process holds the rebuild lock; `reason` is why it rebuilds. */
    rebuildingElsewhere: {
      unknown: 'another Memory Lens process is rebuilding it: {{reason, reason}}',
      here: 'another Memory Lens process (pid {{pid}}) is rebuilding it: {{reason, reason}}',
      host: 'Memory Lens on {{host}} (pid {{pid}}) is rebuilding it: {{reason, reason}}',
    },
    /** A rebuild or recovery whose cause was not recorded. */
    update: 'update',
    damaged: 'damaged',
    deleted: 'the index file was deleted',
    replaced: 'the index file was replaced',
    replacedUnreadable: 'the index file was replaced by one that could not be read: {{reason}}',
    truncated: 'the index file was truncated to {{bytes}} bytes',
    overwritten: 'the index file was overwritten with something that is not a database',
    otherDatabase: 'the index file was overwritten with another SQLite database (application_id {{id}})',
  },
  /** Why the file watcher stopped and what stands in for it (status' watcher item). */
  watch: {
    limit:
      "The system's limit on watched files is reached ({{code}}); edits are picked up by a rescan every {{seconds}} s instead of at once.",
    limitLinux:
      "The system's limit on watched files is reached ({{code}}, fs.inotify.max_user_watches); edits are picked up by a rescan every {{seconds}} s instead of at once. Raise it, e.g. `sudo sysctl fs.inotify.max_user_watches=524288`, and restart.",
    refused:
      'The system refused another file watcher ({{code}}, the open-file limit); edits are picked up by a rescan every {{seconds}} s instead of at once.',
    refusedLinux:
      'The system refused another file watcher ({{code}}, fs.inotify.max_user_instances or the open-file limit); edits are picked up by a rescan every {{seconds}} s instead of at once. Raise it, e.g. `sudo sysctl fs.inotify.max_user_instances=1024`, and restart.',
    failed: 'The file watcher failed ({{error, syserror}}); the workspace is being rescanned.',
  },
  /** The browser's call to `memlens serve` failed before the engine answered. */
  transport: {
    unreachable: 'Memory Lens server unreachable: {{error, syserror}}',
    noJson: '{{name}}: HTTP {{status}} without a JSON answer',
    malformed: '{{name}}: malformed answer (HTTP {{status}})',
  },
  /** A `since` (memlens changes, agent-searches, the agentCalls call) that names no moment (shared/since-date.ts). */
  since:
    'since: cannot read "{{value}}" as a date or time (try 2026-03-30, an ISO date-time, yesterday, "3 hours ago")',
  /** A folder the app keeps its files in cannot be written. */
  writable: {
    store: {
      index: 'The search index',
      history: 'The history store',
      agentActivity: 'Agent activity (access counts, search log)',
    },
    readOnlyFs:
      '$t(errors:writable.store.{{what}}) cannot be kept: {{folder}} is on a read-only file system ({{code}}). Point --data-dir (or MEMLENS_DATA_DIR) at a writable folder.',
    notWritable:
      '$t(errors:writable.store.{{what}}) cannot be kept: {{folder}} is not writable by this user ({{code}}). Point --data-dir (or MEMLENS_DATA_DIR) at a writable folder.',
    cannotWrite:
      '$t(errors:writable.store.{{what}}) cannot be kept: {{folder}} cannot be written ({{code}}). Point --data-dir (or MEMLENS_DATA_DIR) at a writable folder.',
  },
  /** A search option out of range (search/core/filters.ts). */
  searchOption: {
    query: 'query must be a string',
    maxResults: 'maxResults must be a positive integer (got {{got}})',
    minScore: 'minScore must be between 0 and 1 (got {{got}})',
    source: 'unknown source "{{got}}" (expected memory or sessions)',
    weights: 'weights must be non-negative numbers',
    halfLife: 'decay half-life must be a positive number of days (got {{got}})',
    lambda: 'MMR lambda must be between 0 and 1 (got {{got}})',
    from: 'from must be a date YYYY-MM-DD (got "{{got}}")',
    to: 'to must be a date YYYY-MM-DD (got "{{got}}")',
    order: 'from ({{from}}) is after to ({{to}})',
    now: 'now must be epoch milliseconds',
    accessBoost: 'access boost factor must be a non-negative number (got {{got}})',
    timeZone: 'timeZoneOffsetMinutes must be whole minutes within ±14 h (got {{got}})',
    dateBoost: 'the date boost must be between 1 and 10 (got {{got}})',
  },
  lock: {
    held: 'another Memory Lens process is writing this file; try again.',
    heldPid: 'another Memory Lens process (pid {{pid}}) is writing this file; try again.',
    heldHost: 'Memory Lens on {{host}} (pid {{pid}}) is writing this file; try again.',
    notPrivate: 'The lock folder {{path}} is not a private folder of this user; writes are refused.',
  },
  get: {
    from: '`from` must be a line number.',
    lines: '`lines` must be a number of lines.',
  },
  history: {
    notKept: 'Version {{id}} of {{path}} was not kept: {{reason}}.',
    notOpen: 'Memory history is not open (no workspace, or its store could not be opened).',
    busy: 'The history store is busy (another Memory Lens is writing to it); try again.',
    noVersion: '{{path}} has no version {{id}}.',
    deletion: 'Version {{id}} of {{path}} is its deletion; restore the version before it.',
    missingBytes: 'The bytes of version {{id}} of {{path}} are missing or damaged in the history store.',
    nothingToMark: '{{path}} has no history to mark deleted.',
  },
  doctor: {
    fixWouldCreate: '{{path}} exists already; the fix would create it.',
    changed: '{{path}} changed since the doctor looked at it; nothing was written.',
    tooLarge: '{{path}} is too large to fix from the doctor.',
    noFinding: 'No doctor finding {{id}} (it may be fixed already).',
    noFix: 'Finding {{finding}} has no fix {{fix}}.',
  },
  secrets: {
    placeholderHoldsValue: 'The placeholder must not contain the value it replaces.',
    stillInFiles:
      '{{label}} is still in {{paths}}: history keeps what the files hold, so replace it there first (memlens secrets --replace PATH:LINE), then purge.',
    changed: '{{path}} changed since the secrets were listed; list them again.',
    opensReadOnly: {
      'too-large': '{{path}} opens read-only (too-large); edit it elsewhere.',
      'invalid-utf8': '{{path}} opens read-only (invalid-utf8); edit it elsewhere.',
      window: '{{path}} opens read-only (too large); edit it elsewhere.',
      session: '{{path}} opens read-only (session); edit it elsewhere.',
      'file-mode': '{{path}} opens read-only (file-mode); edit it elsewhere.',
    },
    gone: '{{path}} has no {{label}} on line {{line}} any more.',
  },
  /** A file-system error inside a sentence (`{{error, syserror}}`, shared/system-errors.ts). */
  system: {
    atPath: '{{path}}: {{what}} ({{code}})',
    plain: '{{what}} ({{code}})',
    code: {
      ENOENT: 'no such file or folder',
      EACCES: 'permission denied',
      EPERM: 'operation not permitted',
      EISDIR: 'is a folder, not a file',
      ENOTDIR: 'a part of the path is not a folder',
      ENOSPC: 'no space left on the disk',
      EROFS: 'the file system is read-only',
      EEXIST: 'already exists',
      EMFILE: 'too many open files',
      ENFILE: 'too many open files on this system',
      ELOOP: 'too many levels of symlinks (a symlink loop)',
      ENAMETOOLONG: 'the name is too long',
      ENOTEMPTY: 'the folder is not empty',
      EBUSY: 'busy: another program is using it',
      EIO: 'the disk reported an I/O error',
      EXDEV: 'cannot be moved to another file system',
    },
  },
  path: {
    nul: 'Path contains a NUL character.',
    backslash: 'Backslashes are not allowed in paths: {{path}}',
    absolute: 'Absolute paths are not allowed: {{path}}',
    leaves: 'Path leaves the workspace: {{path}}',
    symlinkOutside: 'Path resolves outside the workspace through a symlink: {{path}}',
    danglingSymlink: 'Path goes through a dangling symlink: {{path}}',
  },
};
