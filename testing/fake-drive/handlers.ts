import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { TokenError, type FakeAuth } from './auth.ts';
import { createFile, lookup, notFound, type CreateInput, type FilesContext } from './files.ts';
import { driveError, type BodyPace, type CallRecord } from './faults.ts';
import { BodyTooLarge, parseMultipart, parseRange, readBody, sendError, sendJson } from './http.ts';
import { FOLDER_MIME } from './model.ts';

const MAX_UPLOAD = 64 * 1024 * 1024;

/** files.create through /upload/drive/v3/files: uploadType=multipart (metadata + bytes) or media. */
export async function upload(
  ctx: FilesContext,
  req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
  all: boolean,
): Promise<void> {
  let body: Buffer;
  try {
    body = await readBody(req, MAX_UPLOAD);
  } catch (e) {
    if (e instanceof BodyTooLarge)
      return sendError(res, driveError(413, 'uploadTooLarge', 'The upload is too large for this fake.'));
    throw e;
  }
  const type = req.headers['content-type'] ?? '';
  let input: CreateInput;
  if (params.get('uploadType') === 'multipart') {
    const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
    const parts = boundary ? parseMultipart(body, boundary) : [];
    const [meta, media] = parts;
    if (parts.length !== 2 || !meta || !media)
      return sendError(res, driveError(400, 'badContent', 'Malformed multipart body.'));
    input = {
      metadata: JSON.parse(meta.body.toString('utf8')) as Record<string, unknown>,
      content: media.body,
      contentType: media.headers['content-type'] ?? 'application/octet-stream',
    };
  } else if (params.get('uploadType') === 'media') {
    input = { metadata: {}, content: body, contentType: type.split(';')[0] || 'application/octet-stream' };
  } else {
    const message = 'Invalid upload type (this fake takes multipart and media).';
    return sendError(res, driveError(400, 'invalid', message, 'global', { location: 'uploadType' }));
  }
  const answer = createFile(ctx, input, params, all);
  sendJson(res, answer.status, answer.body);
}

export interface MediaOptions {
  readonly pace: BodyPace | null;
  readonly ignoreRange: boolean;
  /** Where the bytes sent and an early close are recorded. */
  readonly call: CallRecord;
}

/** Writes `body` at `pace`, stopping when the client goes away; stalls (never ends) past `stallAfterBytes`. */
async function sendPaced(res: ServerResponse, body: Buffer, pace: BodyPace, call: CallRecord): Promise<void> {
  const chunk = Math.max(1, pace.chunkBytes);
  for (let at = 0; at < body.length; at += chunk) {
    if (res.destroyed) return;
    if (pace.stallAfterBytes !== undefined && at >= pace.stallAfterBytes) return; // the client gives up, or close() ends it
    const part = body.subarray(at, at + chunk);
    res.write(part);
    call.sent = (call.sent ?? 0) + part.length;
    await sleep(pace.intervalMs);
  }
  if (!res.destroyed) res.end();
}

/** files.get?alt=media, whole or one Range (206; 416 outside the file). */
export async function media(
  ctx: FilesContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  all: boolean,
  options: MediaOptions,
): Promise<void> {
  const file = lookup(ctx, id, all);
  if (!file) return sendError(res, notFound(id));
  if (!file.content || file.mimeType === FOLDER_MIME) {
    const message = 'Only files with binary content can be downloaded. Use Export with Docs Editors files.';
    return sendError(
      res,
      driveError(403, 'fileNotDownloadable', message, 'global', { location: 'alt', locationType: 'parameter' }),
    );
  }
  const content = file.content;
  const range = options.ignoreRange ? null : parseRange(req.headers.range, content.length);
  if (range === 'invalid') {
    res.writeHead(416, { 'content-range': `bytes */${content.length}`, 'content-type': 'text/plain' });
    res.end('Requested range not satisfiable');
    return;
  }
  const headers: Record<string, string | number> = { 'content-type': file.mimeType, 'accept-ranges': 'bytes' };
  const { start, end } = range ?? { start: 0, end: content.length - 1 };
  headers['content-length'] = end - start + 1;
  if (range) headers['content-range'] = `bytes ${start}-${end}/${content.length}`;
  res.writeHead(range ? 206 : 200, headers);
  const { call } = options;
  res.on('close', () => {
    if (!res.writableFinished) call.closedEarly = true;
  });
  const body = content.subarray(start, end + 1);
  if (options.pace) return sendPaced(res, body, options.pace, call);
  res.end(body);
  call.sent = body.length;
}

/** A thumbnailLink: `<signed token>=s<px>`, refused (403) once expired, as Google's links are. */
export async function thumbnail(ctx: FilesContext, res: ServerResponse, rest: string): Promise<void> {
  const m = /^([^=]+)(?:=s(\d+))?$/.exec(rest);
  const fileId = m ? ctx.state.checkThumbnail(m[1]!) : null;
  const file = fileId ? ctx.state.files.get(fileId) : undefined;
  if (!m || !file?.thumbnail) {
    res.writeHead(403, { 'content-type': 'text/html; charset=UTF-8' });
    res.end('<html><body>Your client does not have permission to get URL from this server.</body></html>');
    return;
  }
  const size = Math.min(Number(m[2] ?? 220), 2048);
  const bytes = await sharp(file.thumbnail)
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .jpeg()
    .toBuffer();
  res.writeHead(200, {
    'content-type': 'image/jpeg',
    'content-length': bytes.length,
    'cache-control': 'private, max-age=86400',
  });
  res.end(bytes);
}

/** Google's token endpoint, JWT-bearer grant only. */
export async function token(
  auth: FakeAuth,
  tokenUrl: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
  try {
    sendJson(res, 200, auth.exchange(form, tokenUrl));
  } catch (e) {
    if (!(e instanceof TokenError)) throw e;
    const [error, description] = e.message.split(': ');
    sendJson(res, 400, { error, error_description: description ?? error });
  }
}
