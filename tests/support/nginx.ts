import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A real nginx from Debian's packages on loopback, with its own configuration, prefix and
 * self-signed certificate in a temporary folder (no root-owned paths). Installed with apt-get when
 * missing, since a fresh CI machine has none.
 */

export const NGINX = '/usr/sbin/nginx';

export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], { env, stdio: 'ignore', timeout: 240_000 });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update'], { env, stdio: 'ignore', timeout: 240_000 });
    install();
  }
  if (!existsSync(NGINX)) throw new Error('nginx could not be installed (apt-get install nginx-light)');
}

/** A port nothing listens on right now (nginx cannot report a port the system picked for it). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Nginx {
  port: number;
  close(): Promise<void>;
}

/** A self-signed certificate for localhost, made with openssl. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** nginx in the foreground with `serverBlocks` inside `http {}`; resolves once it answers on `port`. */
export async function startNginx(prefix: string, port: number, serverBlocks: string): Promise<Nginx> {
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, `${name}-temp`)};`;
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
master_process off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'logs', 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${serverBlocks}
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'logs', 'error.log')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(path.join(prefix, 'logs', 'error.log')) ? readFileSync(path.join(prefix, 'logs', 'error.log'), 'utf8') : '';
      throw new Error(`nginx exited (${child.exitCode}): ${log}`);
    }
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('nginx did not start listening within 15 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    async close() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
