// What the desktop app's main process says itself — its stderr lines and its own dialogs — in the
// interface's language: the Language setting, or the OS's languages at first start (menuLocale).
import type { MessageBoxOptions } from 'electron';
import type { TFunction } from 'i18next';
import { translator, type Locale, type MessageRef } from '../../shared/i18n.js';
import { logText } from '../../shared/log-line.js';
import type { SenderRefusal } from './sender-guard.js';

export class MainWords {
  private t: TFunction;

  constructor(locale: Locale) {
    this.t = translator(locale);
  }

  /** Follows the Language setting as Settings saves it (desktop-app.ts, with the menu). */
  setLocale(locale: Locale): void {
    this.t = translator(locale);
  }

  /** A background failure the engine host reported (shared/log-line.ts). */
  engineLine(line: MessageRef): string {
    return `[memlens engine] ${logText(this.t, line)}`;
  }

  /** An IPC call refused because of who sent it (sender-guard.ts). */
  refused(channel: string, refusal: SenderRefusal): string {
    const reason = JSON.stringify({ messageId: refusal.messageId, params: refusal.params ?? {} });
    return `[memlens] ${this.t('log:main.refused', { channel, reason })}`;
  }

  /** The title of the folder picker. */
  chooseFolderTitle(): string {
    return this.t('menu:dialog.chooseFolder');
  }

  /** The title of the box shown when the engine could not open any workspace. */
  engineFailedTitle(): string {
    return this.t('menu:dialog.engineFailed');
  }

  /** The question asked before the embedding model is downloaded: button 0 downloads. */
  modelDownload(modelId: string): MessageBoxOptions {
    const t = (key: string, params?: Record<string, string>) => this.t(`menu:dialog.modelDownload.${key}`, params);
    return {
      type: 'question',
      buttons: [t('download'), t('keywordOnly')],
      defaultId: 0,
      cancelId: 1,
      title: t('title'),
      message: t('message', { model: modelId }),
      detail: t('detail'),
    };
  }
}
