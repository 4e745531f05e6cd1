// Preloaded with `node --require` into a memlens child: prints the process's peak resident memory
// when it exits, so a test can hold indexing or memory_get of a huge file to a memory bound.
process.on('exit', () => {
  process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\n`);
});
