import closeWithGrace from 'close-with-grace';
import { buildSimulator } from './app.js';
import { loadSimConfig, type SimConfig, SimConfigError } from './config.js';

const SHUTDOWN_GRACE_MS = 10_000;

function loadConfigOrExit(): SimConfig {
  try {
    return loadSimConfig();
  } catch (error) {
    if (error instanceof SimConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function start() {
  const config = loadConfigOrExit();
  const app = await buildSimulator(config);

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  const startupMs = Math.round(process.uptime() * 1000);
  app.log.info(
    { startupMs, baseLatency: config.baseLatency },
    `Carrier simulator listening on http://${config.host}:${config.port} (started in ${startupMs} ms)`,
  );
}

start().catch((error: unknown) => {
  console.error('Failed to start the carrier simulator:', error);
  process.exit(1);
});
