// Finds the Chromium the end-to-end tests drive (DESIGN §8): CHROME_PATH, then `chromium` on PATH; where none is
// found and apt is usable as root, installs Debian's chromium; otherwise says exactly what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

export function findChromium() {
  if (process.env.CHROME_PATH && executable(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  const existing = onPath('chromium') ?? onPath('chromium-browser');
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && onPath('apt-get')) {
    console.log('Chromium not found: installing Debian package chromium (apt-get)...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const installed = onPath('chromium');
    if (installed) return installed;
  }
  throw new Error(
    'Chromium is needed for the end-to-end tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or set CHROME_PATH to a Chromium or Chrome executable.',
  );
}
