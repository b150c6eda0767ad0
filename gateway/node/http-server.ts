// The gateway's HTTP/1.1 server: Node's http server with explicit limits and a strict parser, and an answer with the
// JSON error body for everything Node would otherwise refuse with an empty body or a closed connection: requests the
// parser cannot read (clientError), CONNECT (which Node hands to a `connect` listener or drops), HTTP/1.1 without
// Host (Node's empty 400) and unknown expectations (Node's empty 417). Served requests go to `handler` (the app).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '../../api/errors.ts';
import { toEdgeAnswer, toParserAnswer, toRawResponse, type EdgeLimits, type ParserError } from './parser-errors.ts';
import { ALLOWED_METHODS } from '../routes/routing.ts';

export interface HttpServerOptions extends EdgeLimits {
  /** The export being served, for X-Export-Id on the answers written here. */
  exportId?: () => string | undefined;
  /** How long a refused connection may keep sending (its bytes are read and dropped) before it is closed. */
  lingerMs?: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Create (not start) the server; `listen` it like any Node server. */
export function createHttpServer(handler: Handler, options: HttpServerOptions): Server {
  const lingerMs = options.lingerMs ?? 5_000;
  const exportId = () => {
    try {
      return options.exportId?.();
    } catch {
      return undefined;
    }
  };
  // Responses still being written per connection: an answer written straight to the socket waits for them, so a
  // pipelined request refused by the parser never cuts into the answer of the request before it.
  const inFlight = new WeakMap<Duplex, { open: number; then: (() => void) | null }>();
  const refused = new WeakSet<Duplex>();

  function serve(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    const state = inFlight.get(socket) ?? { open: 0, then: null };
    inFlight.set(socket, state);
    state.open++;
    res.once('close', () => {
      if (--state.open === 0 && state.then) state.then();
    });
    if (req.httpVersionMajor === 1 && req.httpVersionMinor === 1 && req.headers.host === undefined) {
      // RFC 9112 §3.2: an HTTP/1.1 request without Host is answered 400.
      const answer = toEdgeAnswer(new ApiError(400, 'bad_request', 'An HTTP/1.1 request must carry a Host header'), {}, exportId());
      res.writeHead(answer.status, answer.headers).end(req.method === 'HEAD' ? undefined : answer.body);
      return;
    }
    void handler(req, res);
  }

  /** Answer on the socket once, after the responses before it, then close the connection. */
  function refuse(socket: Duplex, error: ApiError, headers: Record<string, string>): void {
    // The parser reports every later chunk of a refused request again; the first report is answered.
    if (refused.has(socket)) return;
    refused.add(socket);
    const answer = () => {
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(toRawResponse(toEdgeAnswer(error, headers, exportId())));
      // The client may still be sending (a 64 KB target): its bytes keep being read and dropped until it closes,
      // so the kernel does not reset the connection before the client reads the answer; a silent peer is cut off.
      setTimeout(() => socket.destroy(), lingerMs).unref();
    };
    const state = inFlight.get(socket);
    if (state && state.open > 0) state.then = answer;
    else answer();
  }

  const server = createServer({
    maxHeaderSize: options.maxHeaderBytes,
    // strict parsing (the default, stated so it cannot be turned on by NODE_OPTIONS): lenient parsing of headers and
    // line endings is what request smuggling through a proxy relies on
    insecureHTTPParser: false,
    // answered in `serve` with the error body rather than Node's empty 400
    requireHostHeader: false,
  }, serve);

  server.on('clientError', (err: ParserError, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { error, headers } = toParserAnswer(err, options);
    refuse(socket, error, headers);
  });
  // Without a listener Node closes a CONNECT connection without a word; this API is no proxy.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    refuse(socket, new ApiError(405, 'method_not_allowed', `Method CONNECT is not allowed; this API is read-only (${ALLOWED_METHODS})`),
      { allow: ALLOWED_METHODS });
  });
  // An Expect other than 100-continue may be ignored (RFC 9110 §10.1.1): the request is answered as it is.
  server.on('checkExpectation', serve);
  return server;
}
