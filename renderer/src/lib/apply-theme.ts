import type { Theme } from '../../../shared/contract';

/** 'system' follows prefers-color-scheme (pure CSS); 'light'/'dark' pin it via data-theme. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}
