import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID key pair that signs every push (docs/alerts.md): from the configuration, or, outside
 * production, made once and kept in `<dataDir>/vapid.json` so subscriptions survive restarts. Two
 * processes starting together on one folder agree: the file is created exclusively, and the loser
 * reads the winner's pair.
 */
export async function loadVapidKeys(options: {
  publicKey?: string;
  privateKey?: string;
  subject: string;
  dataDir: string;
}): Promise<VapidKeys> {
  const { subject } = options;
  if (options.publicKey && options.privateKey) {
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject };
  }
  const file = join(options.dataDir, 'vapid.json');
  await mkdir(options.dataDir, { recursive: true });
  try {
    const made = webpush.generateVAPIDKeys();
    await writeFile(file, `${JSON.stringify(made, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return { ...made, subject };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
}
