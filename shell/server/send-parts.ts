import type { FastifyReply } from 'fastify';
import type { PagePart } from './html';

/**
 * A page's answer written to the socket part by part (issue #54, "page bytes without copies"):
 * runs of text joined into one string each, the encoded Buffers the caches hold (the shell's
 * frame, a cached render, their deflated pieces) passed on untouched, all in one corked write —
 * one writev, no ~100 KB Buffer concatenated and copied per page. Joining a product page into one
 * Buffer cost ~10 % of the page server's throughput at 32 connections, and those large
 * short-lived Buffers (memory outside V8's heap) drove the collections that made its p99.
 *
 * The reply is hijacked: fastify writes nothing and runs no onSend hook for it (a staging shop's
 * robots header is set when the request comes in for that reason: seo-plugin.ts); its onResponse
 * hooks still run when the answer is finished — the metrics, the request log, and @fastify/otel's
 * end of the request's span with its status (api/test/traces.test.ts). A Readable handed to
 * `reply.send` would keep the onSend hooks but cost more than the copy it saves (a stream and its
 * end-of-stream watches per page: ~5 % of throughput uncompressed, ~10 % gzipped, measured).
 */
export function sendParts(reply: FastifyReply, parts: readonly PagePart[]): void {
  const chunks: PagePart[] = [];
  let length = 0;
  let text = '';
  const flushText = () => {
    if (text === '') return;
    chunks.push(text);
    length += Buffer.byteLength(text);
    text = '';
  };
  for (const part of parts) {
    if (typeof part === 'string') text += part;
    else if (part.length > 0) {
      flushText();
      chunks.push(part);
      length += part.length;
    }
  }
  flushText();

  reply.header('Content-Length', length);
  reply.hijack();
  const response = reply.raw;
  response.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string | string[] | number>);
  if (reply.request.method !== 'HEAD') {
    response.cork(); // one writev (Node corks a response's writes until the next tick too: this says so)
    for (const chunk of chunks) response.write(chunk);
    response.uncork();
  }
  response.end();
}
