// Preloaded (NODE_OPTIONS=--import) into every Node process of a measured build: each appends one
// line to PROCESS_USAGE_FILE when it exits: its pid, peak resident memory (kilobytes), and the CPU
// time it used in user space and in the kernel (microseconds).
import { appendFileSync } from 'node:fs';

const file = process.env.PROCESS_USAGE_FILE;
if (file) {
  process.on('exit', () => {
    try {
      const usage = process.resourceUsage();
      appendFileSync(file, `${process.pid} ${usage.maxRSS} ${usage.userCPUTime} ${usage.systemCPUTime}\n`);
    } catch {
      // Measuring must never change how the build ends.
    }
  });
}
