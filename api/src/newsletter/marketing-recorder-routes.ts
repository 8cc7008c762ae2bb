import fs from 'node:fs';
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError, sendResult } from '../http/envelope';
import { MARKETING_RECORDER_FILE, MARKETING_RECORDER_PATH } from './marketing-hook';

const RecorderBody = Type.Object({ email: Type.String({ maxLength: 254 }) });

/**
 * The default marketing-automation endpoint: records each DELETE it receives as a JSON line in
 * `VAR_DIR/marketing-automation.jsonl` (tests and developers read it). Only registered while no
 * MARKETING_UNSUBSCRIBE_URL is set, and only answers this machine (the hook calls it on loopback).
 */
export async function marketingRecorderRoutes(app: FastifyInstance, { varDir, clock }: { varDir: string; clock: () => Date }) {
  app.delete<{ Body: Static<typeof RecorderBody> }>(
    MARKETING_RECORDER_PATH,
    {
      schema: { hide: true, body: RecorderBody },
    },
    async (request, reply) => {
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '')) throw new ApiError(404, 'No such endpoint');
      fs.mkdirSync(varDir, { recursive: true });
      const line = { method: 'DELETE', body: request.body, at: clock().toISOString() };
      fs.appendFileSync(path.join(varDir, MARKETING_RECORDER_FILE), `${JSON.stringify(line)}\n`);
      return sendResult(reply, true);
    },
  );
}
