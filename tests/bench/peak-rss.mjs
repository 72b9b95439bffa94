// Preloaded (NODE_OPTIONS=--import) into every Node process of a measured build: each appends its
// peak resident memory (kilobytes) to PEAK_RSS_FILE when it exits.
import { appendFileSync } from 'node:fs';

const file = process.env.PEAK_RSS_FILE;
if (file) {
  process.on('exit', () => {
    try {
      appendFileSync(file, `${process.pid} ${process.resourceUsage().maxRSS}\n`);
    } catch {
      // Measuring must never change how the build ends.
    }
  });
}
