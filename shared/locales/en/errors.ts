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
    in: 'The data disk is full: {{file}} in {{folder}} cannot be written ({{cause}}); nothing was lost or moved. Free some space and it carries on.',
    at: 'The data disk is full: {{path}} cannot be written ({{cause}}); nothing was lost or moved. Free some space and it carries on.',
  },
  history: {
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
  path: {
    nul: 'Path contains a NUL character.',
    backslash: 'Backslashes are not allowed in paths: {{path}}',
    absolute: 'Absolute paths are not allowed: {{path}}',
    leaves: 'Path leaves the workspace: {{path}}',
    symlinkOutside: 'Path resolves outside the workspace through a symlink: {{path}}',
    danglingSymlink: 'Path goes through a dangling symlink: {{path}}',
  },
};
