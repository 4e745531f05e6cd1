// The editor store's shapes, apart from the slice so that the actions kept in their own modules
// (recovered drafts) can be typed without importing the slice that composes them.
import type { FileChangeEvent, FileContent, MemlensApi, Transcript } from '../../../../../shared/contract';
import type { ChecksumStatus, Draft, FileWindow, LineMatch } from '../../../../../shared/domain';
import type { ShownMessage } from '../../../lib/error-message';

export type EditorPort = Pick<MemlensApi, 'readFile' | 'saveFile' | 'readTranscript' | 'acceptChecksum'> &
  Partial<Pick<MemlensApi, 'draftPut' | 'draftDelete' | 'draftList' | 'findMatches'>>;

export type EditorPhase = 'loading' | 'clean' | 'dirty' | 'saving' | 'conflict' | 'error';

export interface LineRange {
  startLine: number;
  endLine: number;
  /** Matched search terms (the engine's, from the result's breakdown). */
  terms?: string[];
  /** Where those terms occur in the range, found by the engine (findMatches); drawn as marks. */
  matches?: LineMatch[];
  /** Bumped on every jump so jumping to the same range twice scrolls again. */
  seq: number;
}

/** Unsaved text of a file that is not open; `doc` is null for a draft restored from a previous session. */
export interface DraftEntry {
  doc: OpenDocument | null;
  text: string;
  baseHash: string | null;
}

export interface OpenDocument {
  path: string;
  view: 'text' | 'transcript';
  /** What the editor was last loaded with or saved as: the base for "dirty". */
  text: string;
  /** sha256 of the bytes on disk that `text` came from; null for a file that no longer exists. */
  hash: string | null;
  /** Bumped whenever CodeMirror must replace its content with `text`. */
  revision: number;
  readOnly: FileContent['readOnly'];
  bom: boolean;
  eol: FileContent['eol'];
  size: number;
  /** Bytes the buffer would take on disk as typed (BOM and line endings included); unset until the first edit. */
  liveSize?: number;
  phase: EditorPhase;
  deleted: boolean;
  conflict: { diskText: string; diskHash: string } | null;
  /** A change event that arrived while our own save was in flight. */
  pendingDisk: FileChangeEvent | null;
  transcript: Transcript | null;
  error: ShownMessage | null;
  savedAt: number | null;
  /** The slice of a file too large to open whole that `text` holds; null for whole files. */
  window: FileWindow | null;
  /** The frontmatter checksum as last read (null when the file declares none). */
  checksum: ChecksumStatus | null;
}

/** What a read from disk sets on the open document. */

/** CodeMirror registers this so the store can read the live text without holding it. */
export interface EditorBridge {
  /** The current text and an opaque token for "this exact content". */
  snapshot(): { text: string; token: unknown };
  /** Content `token` is now what is on disk (a save finished). */
  markSaved(token: unknown): void;
}

export interface EditorSlice {
  editor: {
    doc: OpenDocument | null;
    highlight: LineRange | null;
    compareOpen: boolean;
    /** Unsaved text of files the user switched away from, restored when they come back. */
    drafts: Record<string, DraftEntry>;
    /** Drafts kept in the data dir by an earlier window (a crash, a closed tab), offered back. */
    recovered: Draft[];
    /** Writing a draft to the data dir failed (the text is still in the window). */
    draftError: ShownMessage | null;
  };
  openDocument(path: string, range?: { startLine: number; endLine: number; terms?: string[] }): Promise<void>;
  setEditorDirty(dirty: boolean): void;
  /** The buffer's size on disk as typed, for the header. */
  setEditorLiveSize(bytes: number): void;
  /** `overrideReadOnly`: "Save anyway" over a file whose mode is read-only (`readOnly: 'file-mode'`). */
  saveDocument(options?: { overrideReadOnly?: boolean }): Promise<void>;
  /** Save the given text (default: the editor's) over whatever is on disk now. */
  overwriteOnDisk(text?: string): Promise<void>;
  reloadFromDisk(): Promise<void>;
  setCompareOpen(open: boolean): void;
  applyDiskChange(event: FileChangeEvent): Promise<void>;
  closeDocument(): void;
  registerEditorBridge(bridge: EditorBridge | null): void;
  /** The live editor text (null when no editor is mounted). */
  readEditorText(): string | null;
  /** Text of a draft restored into the editor (consumed once by CodeMirror). */
  takeRestoredDraft(path: string): string | null;
  /** Asks the data dir for drafts an earlier window left (call once at start). */
  loadRecoveredDrafts(): Promise<void>;
  /** Takes recovered drafts back (all, or the given paths) and opens the first. */
  restoreRecoveredDrafts(paths?: string[]): Promise<void>;
  /** Deletes recovered drafts (all, or the given paths) from the data dir. */
  discardRecoveredDrafts(paths?: string[]): Promise<void>;
  /** Writes pending drafts to the data dir now (before the window goes). */
  flushDrafts(): Promise<void>;
  /** Another workspace opened: forget this one's document and drafts (they are kept in its data dir). */
  resetForWorkspace(): void;
  /** The file's body was changed on purpose: make its frontmatter checksum (and `updated`) match it. */
  acceptChecksum(): Promise<void>;
  /** A file too large to open whole: show the window starting at byte `offset` (`backward`: ending there). */
  showWindow(offset: number, backward?: boolean): Promise<void>;
}
