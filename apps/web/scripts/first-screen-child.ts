import { drawHere, type FirstScreenOptions, OPTIONS_VARIABLE } from './first-screen.ts';

/**
 * The process ./first-screen.ts starts: draws the screens it is told to (in the environment variable)
 * and sends them back over the IPC channel. It exits at once after, whatever timers the app left
 * running.
 */
try {
  const options = JSON.parse(process.env[OPTIONS_VARIABLE] ?? '') as FirstScreenOptions;
  const screens = await drawHere(options);
  if (!process.send) throw new Error('first-screen-child: started without an IPC channel');
  process.send(screens, () => process.exit(0));
} catch (error) {
  console.error(error);
  process.exit(1);
}
