// Runs the static checks of `npm test` side by side (each is one single-threaded process) and
// fails if any fails, printing each check's output whole, in order, once it ends.
import { spawn } from 'node:child_process';

const checks = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runs = checks.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', '--silent', name], { shell: process.platform === 'win32' });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => resolve({ name, code, output, seconds: (Date.now() - started) / 1000 }));
    }),
);

let failed = 0;
for (const run of runs) {
  const { name, code, output, seconds } = await run;
  process.stdout.write(`\n> ${name} (${seconds.toFixed(1)} s)${code === 0 ? '' : ` FAILED, exit ${code}`}\n${output}`);
  if (code !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
