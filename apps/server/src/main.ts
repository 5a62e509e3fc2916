import closeWithGrace from 'close-with-grace';
import { type Config, ConfigError, loadConfig } from './config.js';

const SHUTDOWN_GRACE_MS = 10_000;
// Within the grace: what is left after draining is the calls in flight, and closing the database.
const DRAIN_MS = 5_000;

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function start() {
  const config = loadConfigOrExit();
  // Tracing starts before the app's modules load, so its instrumentations wrap http, pg and Fastify as they load;
  // when it is off, the SDK is never loaded (docs/decisions/0200).
  const stopTracing = config.tracing ? await (await import('./observability/tracing.js')).startTracing() : undefined;
  const { buildApp } = await import('./app.js');
  const { gracefulStop } = await import('./http/graceful-stop.js');
  const app = await buildApp(config);
  const stopServing = gracefulStop(app);

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await stopServing(DRAIN_MS);
    // The last requests' spans are sent before the process ends.
    await stopTracing?.();
    app.log.info('shut down cleanly');
  });

  await app.listen({ host: config.host, port: config.port });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // Uptime rather than a timer started here: it also counts loading the modules.
  const startupMs = Math.round(process.uptime() * 1000);
  app.log.info(
    { startupMs, env: config.env, database: app.database.kind },
    `Business portal listening on http://${shownHost}:${config.port} (started in ${startupMs} ms)`,
  );
}

start().catch((error: unknown) => {
  // Unlike a configuration mistake, this is unexpected, so the stack is worth showing.
  console.error('Failed to start the portal server:', error);
  process.exit(1);
});
