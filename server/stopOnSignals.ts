/**
 * Ctrl+C (SIGINT) and SIGTERM stop a process that runs servers (`npm start`, `npm run cluster`):
 * once, saying what it stops, then exit 0, or 1 with the error when stopping failed.
 */
export function stopOnSignals(what: string, stop: () => Promise<void>) {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: ${what}…`);
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}
