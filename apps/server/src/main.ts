import { startPetti } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseStartError } from './db/client.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const started = await startPetti({ config });
  const { app } = started;
  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const broker = started.ctx.realtime.status();
  console.log(
    `Petti is running on http://${shown}:${config.PORT} (database: ${started.ctx.database.kind}, broker: ${broker.mode}${
      broker.tcpPort ? `, controllers on mqtt://${shown}:${broker.tcpPort}` : ''
    })`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    // A stuck connection must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    started
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  // One clear message, not a stack trace: these are problems with settings or surroundings.
  if (err instanceof ConfigError || err instanceof DatabaseStartError) console.error(err.message);
  else if (err instanceof Error && /MQTT|broker|port/i.test(err.message))
    console.error(`Cannot start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
