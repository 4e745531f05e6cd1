// Preloaded with `node --require` into a memlens child: prints the process's peak resident memory
// when it exits, so a test can hold indexing or memory_get of a huge file to a memory bound.
// Linux's VmHWM is this program's own peak; getrusage's maxRSS also keeps the peak of the process
// that forked it (the test runner), which is what it reported when the runner had grown.
const fs = process.getBuiltinModule('node:fs');

function peakKb() {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // Not Linux: fall back below.
  }
  return process.resourceUsage().maxRSS;
}

process.on('exit', () => {
  process.stderr.write(`maxRSS ${peakKb()}\n`);
});
