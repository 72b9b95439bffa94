/**
 * `tshirt-gen … | head` closes stdout early. Node reports that as an unhandled EPIPE error with a
 * stack trace; the run should instead carry on quietly (its files and concepts.json still matter).
 */
export function ignoreBrokenPipes(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    if (stream.listenerCount('error') > 0) continue;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}
