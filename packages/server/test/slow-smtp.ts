import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type SmtpMessage = { to: string[]; data: string };
export type SlowSmtp = { url: string; received: SmtpMessage[]; close(): Promise<void> };

/**
 * A plain SMTP server for tests that greets each connection only after `greetingDelayMs`, as a slow or distant mail
 * relay does: a request that waits on the mail shows it in its answer time. It speaks just what nodemailer sends
 * without TLS or auth (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and keeps every message it accepts.
 */
export async function startSlowSmtp(greetingDelayMs: number): Promise<SlowSmtp> {
  const received: SmtpMessage[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let to: string[] = [];
    let data = '';
    let inData = false;
    let buffer = '';
    const greeting = setTimeout(() => socket.write('220 slow-smtp ESMTP\r\n'), greetingDelayMs);
    socket.on('close', () => clearTimeout(greeting));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ to, data });
            to = [];
            data = '';
            socket.write('250 OK\r\n');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 slow-smtp\r\n');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') socket.write('250 OK\r\n');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
        } else socket.write('502 Command not implemented\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
