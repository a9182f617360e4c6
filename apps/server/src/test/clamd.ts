import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The one signature the test database holds: the MD5 and size of the EICAR test file. */
export const EICAR_HASH_SIGNATURE = '44d88612fea8a8f36de82e1278abb02f:68:Eicar-Test-Signature';
/** The name clamd reports for it (a signature outside ClamAV's official databases is `.UNOFFICIAL`). */
export const EICAR_SIGNATURE_NAME = 'Eicar-Test-Signature.UNOFFICIAL';
/** The EICAR anti-virus test file: harmless, and detected by every scanner. */
export const EICAR = Buffer.from(
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
  'latin1',
);

/**
 * clamd.conf as the tests run it; `settings` of startClamd replace or add lines. Limits above the
 * largest upload (campaign assets: 250 MB), and scans that hit a limit reported rather than passed.
 */
const DEFAULT_SETTINGS: Record<string, string> = {
  StreamMaxLength: '300M',
  MaxFileSize: '300M',
  MaxScanSize: '300M',
  AlertExceedsMax: 'yes',
};

const STARTUP_LIMIT_MS = 30_000;
const STOP_LIMIT_MS = 10_000;

export type Clamd = {
  host: '127.0.0.1';
  port: number;
  /** Its temporary directory: clamd.conf, clamd.log, the database and clamd's own temporary files. */
  directory: string;
  /** Stops clamd by its pid and removes its directory. */
  stop: () => Promise<void>;
};

/** A port nothing listens on, just now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** True when clamd answers `zPING` with `PONG` within a second. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 1000);
    socket.on('connect', () => socket.write('zPING\0'));
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      if (answer.includes('\0')) done(answer === 'PONG\0');
    });
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
  await exited;
  clearTimeout(killer);
}

async function tail(path: string, lines: number): Promise<string> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * A real clamd for one test file (DESIGN §10): Debian's clamav-daemon (or CLAMD_PATH) on a free port of
 * 127.0.0.1, with a fresh configuration and a database of one hash signature, for the EICAR test file
 * (no signature download is possible offline). Resolves once clamd answers PING. A machine without clamd,
 * or a clamd that does not start, fails the test with what went wrong; it never skips.
 */
export async function startClamd(options: { settings?: Record<string, string> } = {}): Promise<Clamd> {
  const clamdPath = process.env.CLAMD_PATH || '/usr/sbin/clamd';
  try {
    accessSync(clamdPath, constants.X_OK);
  } catch {
    throw new Error(
      `clamd is not installed at ${clamdPath}: apt-get install -y clamav-daemon, or set CLAMD_PATH to clamd`,
    );
  }

  const directory = await mkdtemp(join(tmpdir(), 'clamd-test-'));
  try {
    const database = join(directory, 'database');
    const temporary = join(directory, 'tmp');
    await mkdir(database);
    await mkdir(temporary);
    await writeFile(join(database, 'test.hdb'), `${EICAR_HASH_SIGNATURE}\n`);
    const configFile = join(directory, 'clamd.conf');
    const logFile = join(directory, 'clamd.log');

    let lastFailure = '';
    // A port found free can be taken before clamd binds it: then clamd exits, and another is tried.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const port = await freePort();
      const settings: Record<string, string> = {
        DatabaseDirectory: database,
        TemporaryDirectory: temporary,
        TCPSocket: String(port),
        TCPAddr: '127.0.0.1',
        Foreground: 'yes',
        LogFile: logFile,
        LogTime: 'yes',
        ...DEFAULT_SETTINGS,
        ...options.settings,
      };
      await writeFile(
        configFile,
        Object.entries(settings)
          .map(([name, value]) => `${name} ${value}\n`)
          .join(''),
      );

      const child = spawn(clamdPath, [`--config-file=${configFile}`], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (data: Buffer) => (stderr += data.toString('utf8')));
      const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
      const exited = new Promise<string>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)),
      );
      // A test run that dies without its afterAll must not leave clamd behind.
      const killOnExit = () => child.kill('SIGKILL');
      process.once('exit', killOnExit);

      let waiting = true;
      const outcome = await Promise.race([
        spawnError.then((error) => ({ state: 'spawn-failed' as const, detail: error.message })),
        exited.then((detail) => ({ state: 'exited' as const, detail })),
        (async () => {
          const deadline = Date.now() + STARTUP_LIMIT_MS;
          while (waiting && Date.now() < deadline && child.exitCode === null) {
            if (await pings(port)) return { state: 'ready' as const, detail: '' };
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          return { state: 'silent' as const, detail: `no PONG within ${STARTUP_LIMIT_MS} ms` };
        })(),
      ]);
      waiting = false;

      if (outcome.state === 'ready') {
        return {
          host: '127.0.0.1',
          port,
          directory,
          stop: async () => {
            await stopProcess(child);
            process.removeListener('exit', killOnExit);
            await rm(directory, { recursive: true, force: true });
          },
        };
      }

      await stopProcess(child);
      process.removeListener('exit', killOnExit);
      const log = await tail(logFile, 15);
      lastFailure =
        `clamd (${clamdPath}) did not start on 127.0.0.1:${port}: ${outcome.state} ${outcome.detail}` +
        `${stderr.trim() ? `\nstderr:\n${stderr.trim()}` : ''}${log ? `\nclamd.log:\n${log}` : ''}`;
      if (outcome.state !== 'exited' || !/bind|address already in use/i.test(`${stderr}\n${log}`)) break;
    }
    throw new Error(lastFailure);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
