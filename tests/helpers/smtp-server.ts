import net from 'node:net';

/**
 * A tiny SMTP server on 127.0.0.1 for tests (RFC 5321, just enough for nodemailer's plain SMTP client): greeting,
 * EHLO/HELO, MAIL FROM, RCPT TO, DATA (dot-terminated, dot-unstuffed), RSET, NOOP, QUIT. No TLS, no AUTH (it
 * advertises neither, so nodemailer sends in the clear). Every accepted message is kept in `messages`.
 * `rejectRecipients` makes RCPT TO answer 550, to test a refused delivery.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as sent, CRLF line ends. */
  data: string;
}

export interface SmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  rejectRecipients: boolean;
  close(): Promise<void>;
}

export async function startSmtpServer(port = 0): Promise<SmtpServer> {
  const sockets = new Set<net.Socket>();
  const state = { rejectRecipients: false };
  const messages: ReceivedMail[] = [];

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);

    reply('220 test.local ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push({ from, to, data: dataLines.join('\r\n') });
            dataLines = [];
            from = '';
            to = [];
            reply('250 2.0.0 OK queued');
          } else dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-test.local');
          reply('250-8BITMIME');
          reply('250-SMTPUTF8');
          reply('250 SIZE 10485760');
        } else if (verb === 'HELO') reply('250 test.local');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          if (state.rejectRecipients) reply('550 5.1.1 Mailbox unavailable');
          else {
            to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 OK');
          }
        } else if (verb === 'DATA') {
          if (to.length === 0) reply('503 5.5.1 No recipients');
          else {
            inData = true;
            reply('354 End data with <CR><LF>.<CR><LF>');
          }
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not implemented');
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as net.AddressInfo).port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    get rejectRecipients() {
      return state.rejectRecipients;
    },
    set rejectRecipients(value: boolean) {
      state.rejectRecipients = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The body of a received message as text: headers dropped, quoted-printable or base64 transfer encoding undone
 * (nodemailer wraps long lines with soft breaks), UTF-8 decoded.
 */
export function mailBody(mail: ReceivedMail): string {
  const split = mail.data.indexOf('\r\n\r\n');
  const headers = split >= 0 ? mail.data.slice(0, split) : '';
  const body = split >= 0 ? mail.data.slice(split + 4) : mail.data;
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const unwrapped = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(unwrapped[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** A port on 127.0.0.1 that nothing listens on right now (connections to it are refused). */
export async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
