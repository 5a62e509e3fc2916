/** The system Chromium (`bash scripts/ensure-chromium.sh` installs it), as the browser tests use it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that work on this machine and keep Chromium from calling Google (no internet here). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
