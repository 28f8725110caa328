/**
 * Makes the TCP peer address visible to `proxy.ts`, route handlers and server actions (`clientIp`).
 *
 * Next 16's proxy gets no socket (`NextRequest.ip` was removed), and `next start` only fills `x-forwarded-for`
 * when the client did not send one, so a client could pick its own address and dodge the screening limit. This
 * patch, installed once at start-up from `instrumentation.ts`, stamps every incoming request with its real
 * socket address under a header name that any client-sent value is overwritten in.
 */
import http from 'node:http';

export const SOCKET_ADDRESS_HEADER = 'x-screening-socket-address';

const INSTALLED = Symbol.for('screening.socketAddressHeader');

export function installSocketAddressHeader(): void {
  const proto = http.Server.prototype as http.Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const originalEmit = proto.emit as (
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) => boolean;
  proto.emit = function emit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      req.headers[SOCKET_ADDRESS_HEADER] = req.socket?.remoteAddress ?? '';
    }
    return originalEmit.call(this, event, ...args);
  } as typeof proto.emit;
}
