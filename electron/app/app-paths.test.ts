import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './app-paths.js';

describe('defaultDataDir', () => {
  it('follows XDG on Linux and the platform folders elsewhere', () => {
    const home = os.homedir();
    expect(defaultDataDir({ XDG_DATA_HOME: '/xdg' }, 'linux')).toBe(path.join('/xdg', 'memory-lens'));
    expect(defaultDataDir({}, 'linux')).toBe(path.join(home, '.local', 'share', 'memory-lens'));
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative' }, 'linux')).toBe(
      path.join(home, '.local', 'share', 'memory-lens'),
    );
    expect(defaultDataDir({}, 'darwin')).toBe(path.join(home, 'Library', 'Application Support', 'Memory Lens'));
    expect(defaultDataDir({ APPDATA: '/appdata' }, 'win32')).toBe(path.join('/appdata', 'Memory Lens'));
  });

  it('is overridden by MEMLENS_DATA_DIR', () => {
    expect(defaultDataDir({ MEMLENS_DATA_DIR: '/tmp/ml-data', XDG_DATA_HOME: '/xdg' }, 'linux')).toBe('/tmp/ml-data');
  });
});
