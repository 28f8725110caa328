/**
 * Request ids (issue 16, operations): one id per request, in the `x-request-id` header, so a log line, an error
 * report and a client's complaint can be matched. An incoming id (from nginx or a load balancer) is kept only when
 * it is short and plain: anything else (a long value, spaces, quotes, newlines that could forge log lines) is
 * replaced by a fresh UUID. No Node imports: proxy.ts runs this too.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** The id itself when it is 8-128 characters of letters, digits, `.`, `_`, `:` or `-`; else `undefined`. */
export function safeRequestId(value: string | null | undefined): string | undefined {
  return value && SAFE_REQUEST_ID.test(value) ? value : undefined;
}

/** The request's own id when safe (see `safeRequestId`), otherwise a new random UUID. */
export function requestIdFrom(headers: Headers): string {
  return safeRequestId(headers.get(REQUEST_ID_HEADER)) ?? crypto.randomUUID();
}

/**
 * Gives the response of proxy.ts the request's id: in its own `x-request-id` header, and, when the request goes on
 * to a page or route handler, as that request's `x-request-id` header too (Next's request-header override, the
 * mechanism behind `NextResponse.next({ request: { headers } })`). An override list another step already set (e.g.
 * next-intl's locale header) is extended, never replaced; without one, every original header is listed, because
 * the override replaces the whole header set. A request that brings its own safe id (from nginx) needs no override
 * unless another step set one. Redirects and refusals only get the response header.
 */
export function tagRequestId(request: Request, response: Response): Response {
  const id = requestIdFrom(request.headers);
  const kept = request.headers.get(REQUEST_ID_HEADER) === id;
  const headers = response.headers;
  headers.set(REQUEST_ID_HEADER, id);
  const continues = headers.has('x-middleware-next') || headers.has('x-middleware-rewrite');
  if (!continues) return response;
  const overridden = headers.get('x-middleware-override-headers');
  // The request already carries this id (nginx's, deploy/nginx/lrjn.conf): nothing to override. Next's request-header
  // override copies every header into the response and back on each request (issue 20 item 3).
  if (kept && overridden === null) return response;
  let names: string[];
  if (overridden === null) {
    names = [];
    request.headers.forEach((value, name) => {
      if (name === REQUEST_ID_HEADER) return;
      headers.set(`x-middleware-request-${name}`, value);
      names.push(name);
    });
  } else {
    names = overridden.split(',').filter((n) => n && n !== REQUEST_ID_HEADER);
  }
  headers.set(`x-middleware-request-${REQUEST_ID_HEADER}`, id);
  headers.set('x-middleware-override-headers', [...names, REQUEST_ID_HEADER].join(','));
  return response;
}
