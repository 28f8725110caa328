/**
 * Local stand-ins for the mailing providers' HTTP APIs (docs/ARCHITECTURE.md §6): one node:http server per provider on
 * 127.0.0.1 and a free port, answering the documented request and error shapes, so the production adapters in
 * lib/mailing run unchanged against them. Every request is recorded (method, path with query, headers, parsed
 * JSON body) for exact assertions; `failNext` makes the next requests answer an outage (429/5xx) instead.
 */
import { createHash, randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /3.0/lists/abc/members/5d41… */
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined when there was none. */
  body: unknown;
}

export interface ProviderServer {
  /** The API root to configure (`apiUrl`), e.g. http://127.0.0.1:41234/3.0 */
  url: string;
  /** The origin only, e.g. http://127.0.0.1:41234 */
  origin: string;
  requests: RecordedRequest[];
  /** The next `count` requests (default: until `recover()`) get `status` with a provider-shaped error body. */
  failNext(status: number, count?: number): void;
  /** Ends a `failNext` outage. */
  recover(): void;
  close(): Promise<void>;
}

type Reply = { status: number; body?: unknown };
type Handler = (req: RecordedRequest) => Reply;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { __invalidJson: text };
  }
}

async function serve(
  root: string,
  handler: Handler,
  outageBody: (status: number) => unknown,
): Promise<ProviderServer> {
  const requests: RecordedRequest[] = [];
  let outage: { status: number; remaining: number } | null = null;
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: await readJson(req),
      };
      requests.push(recorded);
      let reply: Reply;
      if (outage && outage.remaining > 0) {
        outage.remaining -= 1;
        reply = { status: outage.status, body: outageBody(outage.status) };
        if (outage.status === 429) res.setHeader('retry-after', '30');
      } else {
        reply = handler(recorded);
      }
      if (reply.body === undefined) {
        res.writeHead(reply.status).end();
      } else {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${root}`,
    origin,
    requests,
    failNext(status, count = Number.POSITIVE_INFINITY) {
      outage = { status, remaining: count };
    },
    recover() {
      outage = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const pathOf = (req: RecordedRequest) => new URL(req.path, 'http://x').pathname;
const queryOf = (req: RecordedRequest) => new URL(req.path, 'http://x').searchParams;
const md5 = (value: string) => createHash('md5').update(value).digest('hex');
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

// ---------------------------------------------------------------------------------------------------------------
// Mailchimp Marketing API 3.0: Basic auth (any user, the key as password); errors are RFC 7807 problem documents.

export interface MailchimpMember {
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
  tags: string[];
}

const mailchimpProblem = (status: number, title: string, detail: string) => ({
  type: 'https://mailchimp.com/developer/marketing/docs/errors/',
  title,
  status,
  detail,
  instance: randomUUID(),
});

export async function startMailchimpServer(opts: { apiKey: string; listId: string; listName?: string }) {
  const members = new Map<string, MailchimpMember>();
  const expectedAuth = (header: string | undefined) => {
    const match = /^Basic (.+)$/.exec(header ?? '');
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    return decoded.slice(decoded.indexOf(':') + 1) === opts.apiKey && decoded.includes(':');
  };
  const server = await serve(
    '/3.0',
    (req) => {
      if (!expectedAuth(req.headers.authorization)) {
        return {
          status: 401,
          body: mailchimpProblem(
            401,
            'API Key Invalid',
            'Your API key may be invalid, or you’ve attempted to access the wrong datacenter.',
          ),
        };
      }
      const path = pathOf(req);
      const list = /^\/3\.0\/lists\/([^/]+)(\/.*)?$/.exec(path);
      if (!list || decodeURIComponent(list[1]!) !== opts.listId) {
        return {
          status: 404,
          body: mailchimpProblem(404, 'Resource Not Found', 'The requested resource could not be found.'),
        };
      }
      const rest = list[2] ?? '';
      if (req.method === 'GET' && rest === '') {
        return { status: 200, body: { id: opts.listId, name: opts.listName ?? 'Newsletter' } };
      }
      // Permanent delete (GDPR): the member is gone and cannot be re-imported; 204 with no body.
      const erase = /^\/members\/([0-9a-f]{32})\/actions\/delete-permanent$/.exec(rest);
      if (erase && req.method === 'POST') {
        if (!members.delete(erase[1]!)) {
          return {
            status: 404,
            body: mailchimpProblem(404, 'Resource Not Found', 'The requested resource could not be found.'),
          };
        }
        return { status: 204 };
      }
      const member = /^\/members\/([0-9a-f]{32})(\/tags)?$/.exec(rest);
      if (member && req.method === 'PUT' && !member[2]) {
        const body = obj(req.body);
        const email = typeof body.email_address === 'string' ? body.email_address : '';
        if (!email.includes('@')) {
          return {
            status: 400,
            body: mailchimpProblem(400, 'Invalid Resource', 'The resource submitted could not be validated.'),
          };
        }
        if (md5(email.toLowerCase()) !== member[1]) {
          return {
            status: 400,
            body: mailchimpProblem(
              400,
              'Invalid Resource',
              'The email address does not match the subscriber hash.',
            ),
          };
        }
        const existing = members.get(member[1]!);
        const next: MailchimpMember = {
          email_address: email,
          status: existing
            ? String(body.status ?? existing.status)
            : String(body.status_if_new ?? body.status),
          merge_fields: { ...existing?.merge_fields, ...(obj(body.merge_fields) as Record<string, string>) },
          // Documented behaviour: `tags` is only applied when the PUT creates the member.
          tags: existing ? existing.tags : Array.isArray(body.tags) ? (body.tags as string[]) : [],
        };
        members.set(member[1]!, next);
        return { status: 200, body: { id: member[1], ...next, tags: next.tags.map((name) => ({ name })) } };
      }
      if (member && req.method === 'PATCH' && !member[2]) {
        const existing = members.get(member[1]!);
        if (!existing) {
          return {
            status: 404,
            body: mailchimpProblem(404, 'Resource Not Found', 'The requested resource could not be found.'),
          };
        }
        const status = obj(req.body).status;
        if (typeof status === 'string') existing.status = status;
        return {
          status: 200,
          body: { id: member[1], ...existing, tags: existing.tags.map((name) => ({ name })) },
        };
      }
      if (member && req.method === 'POST' && member[2]) {
        const existing = members.get(member[1]!);
        if (!existing) {
          return {
            status: 404,
            body: mailchimpProblem(404, 'Resource Not Found', 'The requested resource could not be found.'),
          };
        }
        for (const tag of (obj(req.body).tags as { name: string; status: string }[] | undefined) ?? []) {
          if (tag.status === 'active' && !existing.tags.includes(tag.name)) existing.tags.push(tag.name);
          if (tag.status === 'inactive') existing.tags = existing.tags.filter((t) => t !== tag.name);
        }
        return { status: 204 };
      }
      return {
        status: 405,
        body: mailchimpProblem(
          405,
          'Method Not Allowed',
          'The requested method and resource are not compatible.',
        ),
      };
    },
    (status) =>
      mailchimpProblem(
        status,
        status === 429 ? 'Too Many Requests' : 'Internal Server Error',
        'Try again later.',
      ),
  );
  return { ...server, members };
}

// ---------------------------------------------------------------------------------------------------------------
// Brevo API v3: `api-key` header; errors { code, message }.

export interface BrevoContact {
  id: number;
  email: string;
  attributes: Record<string, unknown>;
  listIds: number[];
  emailBlacklisted?: boolean;
}

export async function startBrevoServer(opts: { apiKey: string; listIds: number[] }) {
  const contacts = new Map<string, BrevoContact>();
  let nextId = 1;
  const server = await serve(
    '/v3',
    (req) => {
      if (req.headers['api-key'] !== opts.apiKey) {
        return { status: 401, body: { code: 'unauthorized', message: 'Key not found' } };
      }
      const path = pathOf(req);
      if (req.method === 'GET' && path === '/v3/account') {
        return { status: 200, body: { email: 'team@example.org', companyName: 'Test Charity', plan: [] } };
      }
      const list = /^\/v3\/contacts\/lists\/(\d+)$/.exec(path);
      if (req.method === 'GET' && list) {
        const id = Number(list[1]);
        return opts.listIds.includes(id)
          ? { status: 200, body: { id, name: `List ${id}`, totalSubscribers: contacts.size } }
          : { status: 404, body: { code: 'document_not_found', message: 'List ID does not exist' } };
      }
      const one = /^\/v3\/contacts\/([^/]+)$/.exec(path);
      if (req.method === 'DELETE' && one) {
        return contacts.delete(decodeURIComponent(one[1]!).toLowerCase())
          ? { status: 204 }
          : { status: 404, body: { code: 'document_not_found', message: 'Contact does not exist' } };
      }
      if (req.method === 'PUT' && one) {
        const contact = contacts.get(decodeURIComponent(one[1]!).toLowerCase());
        if (!contact)
          return { status: 404, body: { code: 'document_not_found', message: 'Contact does not exist' } };
        const body = obj(req.body);
        if (typeof body.emailBlacklisted === 'boolean') contact.emailBlacklisted = body.emailBlacklisted;
        contact.attributes = { ...contact.attributes, ...obj(body.attributes) };
        return { status: 204 };
      }
      if (req.method === 'POST' && path === '/v3/contacts') {
        const body = obj(req.body);
        const email = typeof body.email === 'string' ? body.email.toLowerCase() : '';
        if (!email) return { status: 400, body: { code: 'missing_parameter', message: 'email is missing' } };
        const attributes = obj(body.attributes);
        const listIds = Array.isArray(body.listIds) ? (body.listIds as number[]) : [];
        const unknownList = listIds.find((id) => !opts.listIds.includes(id));
        if (unknownList !== undefined) {
          return { status: 404, body: { code: 'document_not_found', message: 'List ID does not exist' } };
        }
        // The SMS attribute is unique across contacts: another contact's number is a duplicate_parameter.
        const sms = attributes.SMS;
        if (sms && [...contacts.values()].some((c) => c.email !== email && c.attributes.SMS === sms)) {
          return {
            status: 400,
            body: {
              code: 'duplicate_parameter',
              message: 'Unable to create contact, SMS is already associated with another Contact',
            },
          };
        }
        const existing = contacts.get(email);
        if (existing) {
          if (body.updateEnabled !== true) {
            return { status: 400, body: { code: 'duplicate_parameter', message: 'Contact already exist' } };
          }
          existing.attributes = { ...existing.attributes, ...attributes };
          if (typeof body.emailBlacklisted === 'boolean') existing.emailBlacklisted = body.emailBlacklisted;
          existing.listIds = [...new Set([...existing.listIds, ...listIds])];
          return { status: 204 };
        }
        const contact = { id: nextId++, email, attributes, listIds };
        contacts.set(email, contact);
        return { status: 201, body: { id: contact.id } };
      }
      return { status: 404, body: { code: 'not_found', message: 'Invalid route' } };
    },
    (status) => ({
      code: status === 429 ? 'too_many_requests' : 'internal_error',
      message: 'Try again later',
    }),
  );
  return { ...server, contacts };
}

// ---------------------------------------------------------------------------------------------------------------
// HubSpot CRM v3: Bearer token; errors { status: 'error', message, correlationId, category }.

const HUBSPOT_PROPERTIES = new Set([
  'email',
  'firstname',
  'lastname',
  'phone',
  'company',
  'website',
  'city',
  'country',
]);

const hubspotError = (category: string, message: string) => ({
  status: 'error',
  message,
  correlationId: randomUUID(),
  category,
});

export async function startHubspotServer(opts: { accessToken: string; scopes?: boolean }) {
  const contacts = new Map<string, { id: string; properties: Record<string, string> }>();
  /** Addresses opted out of all email (communication preferences v4 unsubscribe-all). */
  const optedOut = new Set<string>();
  let nextId = 101;
  const server = await serve(
    '',
    (req) => {
      if (req.headers.authorization !== `Bearer ${opts.accessToken}`) {
        return {
          status: 401,
          body: hubspotError('INVALID_AUTHENTICATION', 'Authentication credentials not found.'),
        };
      }
      if (opts.scopes === false) {
        return {
          status: 403,
          body: hubspotError('MISSING_SCOPES', 'This app hasn’t been granted all required scopes.'),
        };
      }
      const path = pathOf(req);
      if (req.method === 'GET' && path === '/crm/v3/objects/contacts') {
        const limit = Number(queryOf(req).get('limit') ?? 10);
        return { status: 200, body: { results: [...contacts.values()].slice(0, limit) } };
      }
      const wide = /^\/communication-preferences\/v4\/statuses\/([^/]+)\/unsubscribe-all$/.exec(path);
      if (req.method === 'POST' && wide) {
        if (queryOf(req).get('channel') !== 'EMAIL') {
          return { status: 400, body: hubspotError('VALIDATION_ERROR', 'channel is required') };
        }
        const email = decodeURIComponent(wide[1]!).toLowerCase();
        optedOut.add(email);
        return {
          status: 200,
          body: {
            status: 'COMPLETE',
            results: [{ channel: 'EMAIL', status: 'NOT_SUBSCRIBED', subscriberIdString: email }],
          },
        };
      }
      // GDPR delete by email (idProperty); 204 when done, 404 for an address HubSpot does not know.
      if (req.method === 'POST' && path === '/crm/v3/objects/contacts/gdpr-delete') {
        const body = obj(req.body);
        if (body.idProperty !== 'email' || typeof body.objectId !== 'string') {
          return {
            status: 400,
            body: hubspotError('VALIDATION_ERROR', 'objectId and idProperty are required'),
          };
        }
        const email = body.objectId.toLowerCase();
        if (!contacts.delete(email))
          return { status: 404, body: hubspotError('OBJECT_NOT_FOUND', 'resource not found') };
        optedOut.delete(email);
        return { status: 204 };
      }
      if (req.method === 'POST' && path === '/crm/v3/objects/contacts') {
        const properties = obj(obj(req.body).properties) as Record<string, string>;
        const unknown = Object.keys(properties).find((name) => !HUBSPOT_PROPERTIES.has(name));
        if (unknown) {
          return {
            status: 400,
            body: hubspotError(
              'VALIDATION_ERROR',
              `Property values were not valid: Property "${unknown}" does not exist`,
            ),
          };
        }
        const email = (properties.email ?? '').toLowerCase();
        const existing = contacts.get(email);
        if (existing) {
          return {
            status: 409,
            body: hubspotError('CONFLICT', `Contact already exists. Existing ID: ${existing.id}`),
          };
        }
        const contact = { id: String(nextId++), properties };
        contacts.set(email, contact);
        return { status: 201, body: { ...contact, createdAt: new Date().toISOString(), archived: false } };
      }
      return { status: 404, body: hubspotError('OBJECT_NOT_FOUND', 'resource not found') };
    },
    (status) =>
      hubspotError(
        status === 429 ? 'RATE_LIMITS' : 'INTERNAL_ERROR',
        status === 429 ? 'You have reached your ten_secondly_rolling limit.' : 'Internal error',
      ),
  );
  return { ...server, contacts, optedOut };
}

// ---------------------------------------------------------------------------------------------------------------
// Airtable Web API v0: Bearer token; errors { error: { type, message } }.

const AIRTABLE_FIELDS = new Set([
  'Email',
  'First Name',
  'Last Name',
  'Phone',
  'Company',
  'Source',
  'Tags',
  'Created Date',
]);

export async function startAirtableServer(opts: { apiKey: string; baseId: string; tableId: string }) {
  const records: { id: string; createdTime: string; fields: Record<string, unknown> }[] = [];
  const server = await serve(
    '/v0',
    (req) => {
      if (req.headers.authorization !== `Bearer ${opts.apiKey}`) {
        return {
          status: 401,
          body: { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } },
        };
      }
      const match = /^\/v0\/([^/]+)\/([^/]+)$/.exec(pathOf(req));
      if (!match) return { status: 404, body: { error: 'NOT_FOUND' } };
      if (decodeURIComponent(match[1]!) !== opts.baseId || decodeURIComponent(match[2]!) !== opts.tableId) {
        return {
          status: 403,
          body: {
            error: {
              type: 'INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND',
              message: 'Invalid permissions, or the requested model was not found.',
            },
          },
        };
      }
      if (req.method === 'GET') {
        const max = Number(queryOf(req).get('maxRecords') ?? 100);
        const formula = queryOf(req).get('filterByFormula');
        let found = records;
        if (formula) {
          // The one formula shape the adapter sends: LOWER({Email}) = "address" (with \" and \\ escapes).
          const match = /^LOWER\(\{Email\}\) = "((?:[^"\\]|\\.)*)"$/.exec(formula);
          if (!match)
            return { status: 422, body: { error: { type: 'INVALID_FILTER_BY_FORMULA', message: formula } } };
          const wanted = match[1]!.replace(/\\(.)/g, '$1');
          found = records.filter((r) => String(r.fields.Email ?? '').toLowerCase() === wanted);
        }
        return { status: 200, body: { records: found.slice(0, max) } };
      }
      if (req.method === 'DELETE') {
        const ids = queryOf(req).getAll('records[]');
        const deleted = ids.filter((id) => records.some((r) => r.id === id));
        for (const id of deleted)
          records.splice(
            records.findIndex((r) => r.id === id),
            1,
          );
        return { status: 200, body: { records: deleted.map((id) => ({ id, deleted: true })) } };
      }
      if (req.method === 'POST') {
        const body = obj(req.body);
        const incoming = Array.isArray(body.records) ? (body.records as { fields?: unknown }[]) : [];
        if (!incoming.length || incoming.length > 10) {
          return {
            status: 422,
            body: { error: { type: 'INVALID_RECORDS', message: 'Between 1 and 10 records' } },
          };
        }
        for (const record of incoming) {
          const unknown = Object.keys(obj(record.fields)).find((name) => !AIRTABLE_FIELDS.has(name));
          if (unknown) {
            return {
              status: 422,
              body: { error: { type: 'UNKNOWN_FIELD_NAME', message: `Unknown field name: "${unknown}"` } },
            };
          }
        }
        const created = incoming.map((record) => ({
          id: `rec${randomUUID().replace(/-/g, '').slice(0, 14)}`,
          createdTime: new Date().toISOString(),
          fields: obj(record.fields),
        }));
        records.push(...created);
        return { status: 200, body: { records: created } };
      }
      return { status: 404, body: { error: 'NOT_FOUND' } };
    },
    (status) => ({
      error:
        status === 429
          ? { type: 'TOO_MANY_REQUESTS', message: 'Rate limit' }
          : { type: 'SERVER_ERROR', message: 'Try again later' },
    }),
  );
  return { ...server, records };
}
